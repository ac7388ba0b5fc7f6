import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { phoneCountryOptions } from '@prospector/core';
import { useChangeCountry } from '../api/change-country';
import { FIELD_WIDTH, type FieldProps } from './types';

/** The team's home country: its numbers are shown without +code and may be typed that way. Saved on change. */
export function CountryField({ value, canEdit, onSaved }: FieldProps<'country'>) {
  const save = useChangeCountry((country) => onSaved({ country }));
  const options = useMemo(() => phoneCountryOptions(new Intl.DisplayNames(['en'], { type: 'region' })), []);
  return (
    <Select
      label="Country"
      description="Phone numbers of this country are shown and typed without their country code; others with it."
      data={options}
      value={value}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No country by that name"
      maw={FIELD_WIDTH}
      readOnly={!canEdit}
      disabled={save.isPending}
      error={save.error?.message}
      onChange={(country) => {
        if (country && country !== value) save.mutate(country);
      }}
    />
  );
}
