import { Group, Progress, Stack, Text } from '@mantine/core';
import { progressBarWidth, type ListDto } from '@prospector/core';
import { arrivalTime, formatCount } from '../utils/list-format';

type ImportProgressProps = {
  list: Pick<ListDto, 'name' | 'progress' | 'rowsDone' | 'totalRows' | 'createdAt'>;
  timeZone?: string | null;
};

/**
 * An import under way: the bar (never narrower than 9%, spec part 2 §9), rows done and the
 * estimated arrival. The bar reports the real percentage to assistive technology.
 */
export function ImportProgress({ list, timeZone }: ImportProgressProps) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={600} c="brand.7">
          Importing… {list.progress}%
        </Text>
        <Text size="xs" c="dimmed">
          Estimated arrival {arrivalTime(list, timeZone)}
        </Text>
      </Group>
      <Progress.Root
        size="md"
        radius="xl"
        role="progressbar"
        aria-label={`Import of ${list.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={list.progress}
      >
        <Progress.Section
          value={progressBarWidth(list.progress)}
          withAria={false}
          animated
          data-testid="import-progress-bar"
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {formatCount(list.rowsDone)} of {formatCount(list.totalRows)} rows read
      </Text>
    </Stack>
  );
}
