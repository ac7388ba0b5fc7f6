import { Alert, Chip, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconClock, IconWorld } from '@tabler/icons-react';
import { WEEKDAY_LABELS } from '@prospector/core';
import type { DraftControls } from '../hooks/use-campaign-draft';
import { dayOf } from '../utils/builder-dates';
import { formatHour, formatZone } from '../utils/schedule-format';
import { FieldHeading } from './field-heading';

/** Both date labels get the toggle's height, so the two dates line up. */
const DATE_LABEL_PROPS = { style: { display: 'flex', alignItems: 'center', minHeight: 26 } };

const hourOption = (hour: number) => ({ value: String(hour), label: formatHour(hour) });
const START_HOURS = Array.from({ length: 24 }, (_, hour) => hourOption(hour));
/** The end may be midnight (24): the day's last hour included. */
const END_HOURS = Array.from({ length: 24 }, (_, hour) => hourOption(hour + 1));

type ScheduleStepProps = { controls: DraftControls; timeZone: string | null };

/** Step 2, 'Set Schedule': weekdays, hourly start and end, start date and an optional end date. */
export function ScheduleStep({ controls, timeZone }: ScheduleStepProps) {
  const { draft, update, setStartDate, setHasEnd } = controls;
  const today = dayOf(new Date(), timeZone);
  const earliestEnd = draft.startDate > today ? draft.startDate : today;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <FieldHeading label="Days of the week" description="Texts go out on these days only." />
        <Chip.Group
          multiple
          value={draft.weekDays.map(String)}
          onChange={(days) => update({ weekDays: days.map(Number).sort((a, b) => a - b) })}
        >
          <Group gap="xs">
            {WEEKDAY_LABELS.map((label, index) => (
              <Chip key={label} value={String(index + 1)} radius="md" variant="outline">
                {label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={560}>
        <Select
          label="Start time"
          data={START_HOURS}
          value={String(draft.startHour)}
          onChange={(value) => value !== null && update({ startHour: Number(value) })}
          allowDeselect={false}
          leftSection={<IconClock size={16} />}
        />
        <Select
          label="End time"
          data={END_HOURS}
          value={String(draft.endHour)}
          onChange={(value) => value !== null && update({ endHour: Number(value) })}
          allowDeselect={false}
          leftSection={<IconClock size={16} />}
        />
        <DatePickerInput
          label="Start date"
          value={draft.startDate}
          onChange={(day) => day && setStartDate(day)}
          minDate={today}
          labelProps={DATE_LABEL_PROPS}
          valueFormat="MMM D, YYYY"
          leftSection={<IconCalendar size={16} />}
        />
        <DatePickerInput
          label={
            <Switch
              size="sm"
              label="Has end date"
              checked={draft.hasEnd}
              onChange={(event) => setHasEnd(event.currentTarget.checked)}
              styles={{ label: { fontWeight: 500, paddingInlineStart: 8 } }}
            />
          }
          labelProps={{ ...DATE_LABEL_PROPS, labelElement: 'div' }}
          aria-label="End date"
          value={draft.hasEnd ? draft.endDate : null}
          onChange={(day) => day && update({ endDate: day })}
          minDate={earliestEnd}
          disabled={!draft.hasEnd}
          placeholder="Runs until you stop it"
          valueFormat="MMM D, YYYY"
          leftSection={<IconCalendar size={16} />}
        />
      </SimpleGrid>
      {timeZone ? (
        <Group gap={6} c="dimmed">
          <IconWorld size={15} />
          <Text size="xs">Times and dates are in your team&apos;s time zone, {formatZone(timeZone)}.</Text>
        </Group>
      ) : (
        <Alert variant="light" color="yellow" icon={<IconWorld size={18} />} maw={560} role="note">
          Your team has no time zone yet. Set it in Settings &gt; Other before you launch.
        </Alert>
      )}
    </Stack>
  );
}
