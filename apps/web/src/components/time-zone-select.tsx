import { useMemo } from 'react';
import { Select, Stack, Text, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  foldPlaceName,
  MIN_CITY_QUERY,
  searchTimeZoneCities,
  timeZoneOptions,
  zoneCityLabel,
} from '@prospector/core';
import { call } from '../lib/api-client';
import { citiesOfZone, NO_TIME_ZONE_FOUND, timeZoneFilter, type FoundCity } from '../lib/time-zone-filter';
import { useDebouncedSearch } from '../lib/use-debounced-search';

const zoneCityKeys = {
  all: ['timezones'] as const,
  cities: (q: string) => [...zoneCityKeys.all, 'cities', q] as const,
};

/** A search worth sending for cities: two letters or more, and not an option's own label. */
const asksForCity = (q: string) => foldPlaceName(q).length >= MIN_CITY_QUERY && !q.startsWith('(UTC');

/** The cities the server finds for what is typed (issue 30 item 14), once typing pauses. */
function useZoneCities(typed: string, search: string) {
  const found = useQuery({
    queryKey: zoneCityKeys.cities(search),
    queryFn: ({ signal }) => call(searchTimeZoneCities, undefined, { query: { q: search }, signal }),
    enabled: asksForCity(search),
    staleTime: Infinity,
  });
  const current = typed.trim() === search;
  const cities: FoundCity[] = useMemo(
    () =>
      current && found.data ? found.data.cities.map((c) => ({ zone: c.zone, label: zoneCityLabel(c) })) : [],
    [current, found.data],
  );
  const searching = asksForCity(typed.trim()) && (!current || found.isFetching);
  return { cities, searching };
}

type TimeZoneSelectProps = Omit<
  SelectProps,
  'data' | 'filter' | 'searchable' | 'searchValue' | 'onSearchChange' | 'onChange' | 'value'
> & {
  value: string | null;
  onChange: (zone: string, label: string) => void;
};

/**
 * A time-zone picker: every zone this browser knows, labelled with today's UTC offset, west to east,
 * found by its names and offset here and by any city in it through the server ('Seattle' → Los Angeles).
 */
export function TimeZoneSelect({ value, onChange, ...props }: TimeZoneSelectProps) {
  const options = useMemo(
    () => timeZoneOptions(Intl.supportedValuesOf('timeZone'), new Date(), value),
    [value],
  );
  const { input, search, changeInput } = useDebouncedSearch(250);
  const { cities, searching } = useZoneCities(input, search);
  const filter = useMemo(() => timeZoneFilter(new Date(), cities), [cities]);
  return (
    <Select
      placeholder="Search a city, zone or UTC offset"
      {...props}
      data={options}
      value={value}
      searchable
      searchValue={input}
      onSearchChange={changeInput}
      filter={filter}
      // The best match comes first: show it, not where the list was scrolled before.
      selectFirstOptionOnChange
      nothingFoundMessage={searching ? 'Searching cities…' : NO_TIME_ZONE_FOUND}
      maxDropdownHeight={280}
      allowDeselect={false}
      renderOption={({ option }) => {
        const places = citiesOfZone(cities, option.value);
        return places.length === 0 ? (
          option.label
        ) : (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {places.join(' · ')}
            </Text>
          </Stack>
        );
      }}
      onChange={(zone) => {
        const option = options.find((o) => o.value === zone);
        if (option) onChange(option.value, option.label);
      }}
    />
  );
}
