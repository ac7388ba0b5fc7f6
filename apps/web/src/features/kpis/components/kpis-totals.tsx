import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TeamKpis } from '@prospector/core';

const count = new Intl.NumberFormat('en-US');

/** The period's totals in one row, with the block rate (blocked per 100 sent, 2 decimals). */
export function KpisTotals({ totals }: { totals: TeamKpis['totals'] }) {
  const calls = totals.calls.reduce((n, c) => n + c.n, 0);
  const cells = [
    ['Sent', count.format(totals.sent)],
    ['Delivered', count.format(totals.delivered)],
    ['Replied', count.format(totals.replied)],
    ['Opted out', count.format(totals.optedOut)],
    ['Blocked', count.format(totals.blocked)],
    ['Block rate', `${totals.blockRate.toFixed(2)}%`],
    ['Calls', count.format(calls)],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" role="list" aria-label="Totals">
      {cells.map(([label, value]) => (
        <Paper key={label} withBorder p="md" radius="md" role="listitem" aria-label={label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fz={24} fw={700} mt={4}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
