import { Group, Progress, Stack, Text } from '@mantine/core';
import { usagePercent, type UsageMeter as Meter } from '@prospector/core';

const count = new Intl.NumberFormat('en-US');

/** One of the plan's monthly measures: used against the limit, or used and 'Unlimited'. */
export function UsageMeter({ label, meter, note }: { label: string; meter: Meter; note?: string }) {
  const percent = usagePercent(meter);
  const full = percent !== null && percent >= 100;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c={full ? 'red.7' : 'dimmed'}>
          {meter.limit === null
            ? `${count.format(meter.used)} · Unlimited`
            : `${count.format(meter.used)} of ${count.format(meter.limit)}`}
        </Text>
      </Group>
      {percent !== null && (
        <Progress
          value={percent}
          color={full ? 'red' : percent >= 80 ? 'orange' : 'brand'}
          size="sm"
          radius="xl"
          aria-label={`${label}: ${meter.used} of ${meter.limit}`}
        />
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
