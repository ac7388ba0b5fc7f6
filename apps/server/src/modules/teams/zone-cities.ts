import { findZoneCities, type ZoneCity } from '@prospector/core';

/*
 * The city → zone list behind the time-zone pickers' search: city-timezones' data (7,300 places,
 * 1.9 MB of JSON), read on the first search and kept, so it never enters the web bundle.
 */

// city-timezones' own spelling of its rows.
/* eslint-disable no-restricted-syntax */
type CityRow = {
  city: string;
  province?: string;
  state_ansi?: string;
  country: string;
  timezone: string;
  pop: number;
};

let cities: Promise<ZoneCity[]> | null = null;

function loadCities(): Promise<ZoneCity[]> {
  cities ??= import('city-timezones').then(({ default: data }) =>
    (data.cityMapping as readonly CityRow[])
      .filter((c) => c.timezone)
      .map((c) => ({
        city: c.city,
        region: c.province ?? '',
        ...(c.state_ansi ? { regionCode: c.state_ansi } : {}),
        /* eslint-enable no-restricted-syntax */
        country: c.country,
        zone: c.timezone,
        population: c.pop,
      })),
  );
  return cities;
}

/** The cities a search finds, with their zones, best first (rules/time-zone-cities.ts). */
export async function searchZoneCities(query: string) {
  return findZoneCities(await loadCities(), query).map(({ city, region, country, zone }) => ({
    city,
    region,
    country,
    zone,
  }));
}
