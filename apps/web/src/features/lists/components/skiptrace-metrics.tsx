import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ListDto } from '@prospector/core';
import { formatDollars } from '../api/skiptrace';
import { formatCount } from '../utils/list-format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text fz={20} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** The list's skip-trace figures (spec part 2 §3 List hits, landlines, dnc, cost), live. */
export function SkiptraceMetrics({ list }: { list: ListDto }) {
  return (
    <SimpleGrid cols={4} spacing="sm" aria-label="Skip trace results">
      <Figure label="Hits" value={formatCount(list.hits)} />
      <Figure label="Landlines" value={formatCount(list.landlines)} />
      <Figure label="DNC" value={formatCount(list.dnc)} />
      <Figure label="Cost" value={formatDollars(list.cost)} />
    </SimpleGrid>
  );
}
