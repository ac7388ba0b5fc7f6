import { useState } from 'react';
import { Stack } from '@mantine/core';
import { isValidTimeZone, timeZoneLabel, timezoneStepProblem } from '@prospector/core';
import { TimeZoneSelect } from '../../../components/time-zone-select';
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
  const save = useSaveTimezone();

  useStepGate(async () => {
    const problem = timezoneStepProblem(zone);
    if (problem || !zone) return problem;
    if (zone === saved) return null;
    try {
      await save.mutateAsync({ value: zone, text: timeZoneLabel(zone, new Date()) });
    } catch (error) {
      return problemOf(error);
    }
    onSaved(zone);
    return null;
  });

  return (
    <Stack gap="lg">
      <StepHeading title="Your time zone">Campaigns and tasks follow your local time.</StepHeading>
      <TimeZoneSelect label="Time zone" value={zone} onChange={setZone} />
    </Stack>
  );
}
