import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { timeZoneMatches, timeZoneOffsetMinutes, timeZoneSearchText } from '@prospector/core';

/**
 * The search of a time-zone Select: by city or zone id, abbreviation ('PST'), English name ('Eastern')
 * or UTC offset ('-08'), as the labels show them at `at`. A zone's names are worked out the first time
 * it is searched, then kept.
 */
export function timeZoneFilter(at: Date): OptionsFilter {
  const known = new Map<string, { search: string; offset: number }>();
  const zone = (id: string) => {
    let found = known.get(id);
    if (!found) {
      found = { search: timeZoneSearchText(id, at), offset: timeZoneOffsetMinutes(id, at) };
      known.set(id, found);
    }
    return found;
  };
  return ({ options, search }) =>
    options.filter((o) => 'value' in o && timeZoneMatches(zone((o as ComboboxItem).value), search));
}
