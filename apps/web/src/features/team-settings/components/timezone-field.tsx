import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { NO_TIME_ZONE_FOUND, timeZoneFilter } from '../../../lib/time-zone-filter';
import { timeZoneOptions } from '@prospector/core';
import { useUpdateTimezone } from '../api/update-timezone';
import { FIELD_WIDTH, type FieldProps } from './types';

/** Every zone this browser knows, labelled with today's UTC offset, west to east. */
function useZoneOptions(saved: string | null) {
  return useMemo(() => timeZoneOptions(Intl.supportedValuesOf('timeZone'), new Date(), saved), [saved]);
}

/** The team's time zone: campaigns send within their hours in it. Saved on change. */
export function TimezoneField({ value, canEdit, onSaved }: FieldProps<'timezone'>) {
  const options = useZoneOptions(value);
  const filter = useMemo(() => timeZoneFilter(new Date()), []);
  const save = useUpdateTimezone((timezone) => onSaved({ timezone }));
  return (
    <Select
      label="Time zone"
      description="Campaigns send within their hours in this time zone."
      placeholder="Search a city, zone or UTC offset"
      data={options}
      value={value}
      searchable
      filter={filter}
      // The best match comes first: show it, not where the list was scrolled before.
      selectFirstOptionOnChange
      nothingFoundMessage={NO_TIME_ZONE_FOUND}
      maxDropdownHeight={280}
      maw={FIELD_WIDTH}
      allowDeselect={false}
      readOnly={!canEdit}
      disabled={save.isPending}
      onChange={(zone) => {
        const option = options.find((o) => o.value === zone);
        if (option && zone !== value) save.mutate({ value: option.value, text: option.label });
      }}
    />
  );
}
