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
let places: Map<string, string[]> | null = null;
function placesOf(zone: string): string[] {
  if (!places) {
    places = new Map();
    for (const z of rawTimeZones) {
      const words = [z.alternativeName, z.countryName, ...z.mainCities];
      for (const id of z.group) places.set(id, words);
    }
  }
  return places.get(zone) ?? [];
}

/** What a time-zone Select says when nothing matches: how else the zone can be found. */
export const NO_TIME_ZONE_FOUND =
  "No time zone matches. Try a large city nearby, the country, the zone's name ('Pacific') or its UTC offset ('-08').";

/**
 * The search of a time-zone Select: by city, country or zone id, abbreviation ('PST'), English name
 * ('Eastern') or UTC offset ('-08'), as the labels show them at `at`; zones whose name answers come
 * before those whose id only does ('Pacific' gives Los Angeles before Pacific/Midway). A zone's names
 * are worked out the first time it is searched, then kept.
 */
export function timeZoneFilter(at: Date): OptionsFilter {
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
  return ({ options, search }) =>
    options
      .filter((o) => 'value' in o && timeZoneMatches(zone((o as ComboboxItem).value), search))
      .map((o, index) => ({ o, index, rank: timeZoneRank(zone((o as ComboboxItem).value), search) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ o }) => o);
}
