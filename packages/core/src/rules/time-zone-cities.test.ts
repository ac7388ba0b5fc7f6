import { describe, expect, it } from 'vitest';
import {
  cityMatches,
  findZoneCities,
  foldPlaceName,
  zoneCityLabel,
  type ZoneCity,
} from './time-zone-cities.js';

const city = (
  name: string,
  region: string,
  country: string,
  zone: string,
  population: number,
  regionCode?: string,
): ZoneCity => ({
  city: name,
  region,
  country,
  zone,
  population,
  ...(regionCode ? { regionCode } : {}),
});
const seattle = city(
  'Seattle',
  'Washington',
  'United States of America',
  'America/Los_Angeles',
  1_821_684,
  'WA',
);
const portlandOr = city(
  'Portland',
  'Oregon',
  'United States of America',
  'America/Los_Angeles',
  1_678_000,
  'OR',
);
const portlandMe = city('Portland', 'Maine', 'United States of America', 'America/New_York', 100_000, 'ME');
const saoPaulo = city('São Paulo', 'São Paulo', 'Brazil', 'America/Sao_Paulo', 18_845_000);
const paris = city('Paris', 'Ile-de-France', 'France', 'Europe/Paris', 9_904_000);
const parisTx = city('Paris', 'Texas', 'United States of America', 'America/Chicago', 25_000, 'TX');
const parisville = city('Parisville', 'Nowhere', 'Testland', 'Etc/UTC', 50_000_000);
const all = [seattle, portlandOr, portlandMe, saoPaulo, paris, parisTx, parisville];

describe('finding a time zone by a city in it', () => {
  it("finds Seattle's zone by its name, in any case", () => {
    expect(findZoneCities(all, 'Seattle').map((c) => c.zone)).toEqual(['America/Los_Angeles']);
    expect(findZoneCities(all, '  seattle ').map((c) => c.city)).toEqual(['Seattle']);
  });

  it('finds a city by the start of its name, and without its accents', () => {
    expect(findZoneCities(all, 'Seat').map((c) => c.city)).toEqual(['Seattle']);
    expect(findZoneCities(all, 'sao paulo').map((c) => c.zone)).toEqual(['America/Sao_Paulo']);
  });

  it('puts a name typed whole before longer names, then the larger city first', () => {
    expect(findZoneCities(all, 'Paris').map((c) => c.zone)).toEqual([
      'Europe/Paris',
      'America/Chicago',
      'Etc/UTC',
    ]);
  });

  it('narrows a city by its state, its postal code or its country after a comma', () => {
    expect(findZoneCities(all, 'Portland, Maine').map((c) => c.zone)).toEqual(['America/New_York']);
    expect(findZoneCities(all, 'portland, or').map((c) => c.zone)).toEqual(['America/Los_Angeles']);
    expect(findZoneCities(all, 'Paris, France').map((c) => c.region)).toEqual(['Ile-de-France']);
  });

  it('finds nothing for one letter, a word inside a name, or an unknown place', () => {
    expect(findZoneCities(all, 'S')).toEqual([]);
    expect(findZoneCities(all, 'attle')).toEqual([]);
    expect(findZoneCities(all, 'Atlantis')).toEqual([]);
    expect(cityMatches(portlandMe, 'Portland, Oregon')).toBe(false);
  });

  it('answers at most the limit asked', () => {
    expect(findZoneCities(all, 'Pa', 2)).toHaveLength(2);
  });

  it('names a city with its region and country, once each', () => {
    expect(zoneCityLabel(seattle)).toBe('Seattle, Washington, United States of America');
    expect(zoneCityLabel(city('Singapore', 'Singapore', 'Singapore', 'Asia/Singapore', 1))).toBe('Singapore');
    expect(foldPlaceName('Zürich-Flughafen')).toBe('zurich flughafen');
  });
});
