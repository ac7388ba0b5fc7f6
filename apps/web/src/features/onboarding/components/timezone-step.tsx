import { useMemo, useState } from 'react';
import { Select, Stack } from '@mantine/core';
import { NO_TIME_ZONE_FOUND, timeZoneFilter } from '../../../lib/time-zone-filter';
import { isValidTimeZone, timeZoneOptions, timezoneStepProblem } from '@prospector/core';
import { useSaveTimezone } from '../api/save-timezone';
import { problemOf, useStepGate } from './step-gate';
import { StepHeading } from './step-heading';

/** This browser's zone, offered first when the team has none yet. */
function browserZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : null;
}

type TimezoneStepProps = { saved: string | null; onSaved: (timezone: string) => void };

/** Step 2: the team's time zone; campaigns send within their hours in it. Saved on NEXT. */
export function TimezoneStep({ saved, onSaved }: TimezoneStepProps) {
  const [zone, setZone] = useState<string | null>(() => saved ?? browserZone());
  const options = useMemo(
    () => timeZoneOptions(Intl.supportedValuesOf('timeZone'), new Date(), zone),
    [zone],
  );
  const save = useSaveTimezone();
  const filter = useMemo(() => timeZoneFilter(new Date()), []);

  useStepGate(async () => {
    const problem = timezoneStepProblem(zone);
    if (problem || !zone) return problem;
    if (zone === saved) return null;
    const option = options.find((o) => o.value === zone);
    try {
      await save.mutateAsync({ value: zone, text: option?.label ?? zone });
    } catch (error) {
      return problemOf(error);
    }
    onSaved(zone);
    return null;
  });

  return (
    <Stack gap="lg">
      <StepHeading title="Your time zone">Campaigns and tasks follow your local time.</StepHeading>
      <Select
        label="Time zone"
        placeholder="Search a city, zone or UTC offset"
        data={options}
        value={zone}
        onChange={setZone}
        searchable
        filter={filter}
        selectFirstOptionOnChange
        nothingFoundMessage={NO_TIME_ZONE_FOUND}
        maxDropdownHeight={280}
      />
    </Stack>
  );
}
