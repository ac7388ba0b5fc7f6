import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { rawTimeZones } from '@vvo/tzdb';
import {
  timeZoneMatches,
  timeZoneNamesText,
  timeZoneOffsetMinutes,
  timeZoneRank,
  timeZoneSearchText,
} from '@prospector/core';

/** Each IANA name (and its aliases) with the places the tz list gives it: generic name, country, main cities. */
let places: Map<string, { words: string[]; group: string[] }> | null = null;
function zoneInfo(zone: string) {
  if (!places) {
    places = new Map();
    for (const z of rawTimeZones) {
      const words = [z.alternativeName, z.countryName, ...z.mainCities];
      for (const id of z.group) places.set(id, { words, group: z.group });
    }
  }
  return places.get(zone);
}
const placesOf = (zone: string): string[] => zoneInfo(zone)?.words ?? [];

/** A city the server found for the search, and the zone its clocks follow. */
export type FoundCity = { zone: string; label: string };

/**
 * The option each found city's zone is listed as (the city list may name an alias of it), with the
 * cities that found it, in the order found.
 */
function citiesByOption(cities: readonly FoundCity[], values: ReadonlySet<string>): Map<string, string[]> {
  const byOption = new Map<string, string[]>();
  for (const { zone, label } of cities) {
    const value = values.has(zone) ? zone : zoneInfo(zone)?.group.find((id) => values.has(id));
    if (!value) continue;
    byOption.set(value, [...(byOption.get(value) ?? []), label]);
  }
  return byOption;
}

/** What a time-zone Select says when nothing matches: how else the zone can be found. */
export const NO_TIME_ZONE_FOUND =
  "No time zone matches. Try a large city nearby, the country, the zone's name ('Pacific') or its UTC offset ('-08').";

/**
 * The search of a time-zone Select: by city, country or zone id, abbreviation ('PST'), English name
 * ('Eastern') or UTC offset ('-08'), as the labels show them at `at`; zones whose name answers come
 * before those whose id only does ('Pacific' gives Los Angeles before Pacific/Midway). The zones of
 * the cities the server found for the same search (`cities`, 'Seattle') come first, in its order. A
 * zone's names are worked out the first time it is searched, then kept.
 */
export function timeZoneFilter(at: Date, cities: readonly FoundCity[] = []): OptionsFilter {
  const known = new Map<string, { search: string; names: string; offset: number }>();
  const zone = (id: string) => {
    let found = known.get(id);
    if (!found) {
      const where = placesOf(id);
      found = {
        search: timeZoneSearchText(id, at, where),
        names: timeZoneNamesText(id, at, where),
        offset: timeZoneOffsetMinutes(id, at),
      };
      known.set(id, found);
    }
    return found;
  };
  let found: { options: unknown; byCity: Map<string, string[]>; order: string[] } | null = null;
  return ({ options, search }) => {
    if (found?.options !== options) {
      const values = new Set(options.flatMap((o) => ('value' in o ? [o.value] : [])));
      const byCity = citiesByOption(cities, values);
      found = { options, byCity, order: [...byCity.keys()] };
    }
    const { byCity, order } = found;
    const rankOf = (value: string) =>
      byCity.has(value) ? order.indexOf(value) - order.length : timeZoneRank(zone(value), search);
    return options
      .filter((o): o is ComboboxItem => 'value' in o)
      .filter((o) => byCity.has(o.value) || timeZoneMatches(zone(o.value), search))
      .map((o, index) => ({ o, index, rank: rankOf(o.value) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ o }) => o);
  };
}

/** The cities that found a zone, to show under its option ('Seattle, Washington, …'); none when none did. */
export function citiesOfZone(cities: readonly FoundCity[], zone: string): string[] {
  return cities.filter((c) => c.zone === zone || zoneInfo(c.zone)?.group.includes(zone)).map((c) => c.label);
}
