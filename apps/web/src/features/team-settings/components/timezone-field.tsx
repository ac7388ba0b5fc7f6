import { TimeZoneSelect } from '../../../components/time-zone-select';
import { useUpdateTimezone } from '../api/update-timezone';
import { FIELD_WIDTH, type FieldProps } from './types';

/** The team's time zone: campaigns send within their hours in it. Saved on change. */
export function TimezoneField({ value, canEdit, onSaved }: FieldProps<'timezone'>) {
  const save = useUpdateTimezone((timezone) => onSaved({ timezone }));
  return (
    <TimeZoneSelect
      label="Time zone"
      description="Campaigns send within their hours in this time zone."
      value={value}
      maw={FIELD_WIDTH}
      readOnly={!canEdit}
      disabled={save.isPending}
      onChange={(zone, label) => {
        if (zone !== value) save.mutate({ value: zone, text: label });
      }}
    />
  );
}
