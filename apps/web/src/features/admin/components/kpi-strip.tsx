import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatBlockRate } from '@prospector/core';

type Kpis = {
  teams: number;
  smsOut: number;
  smsBlocked: number;
  blockRate: number;
  activeCampaigns: number;
  suspended: number;
};

const n = new Intl.NumberFormat('en-US');

/** The totals over every team the filters keep. */
export function KpiStrip({ kpis }: { kpis: Kpis }) {
  const tiles = [
    { label: 'Teams', value: n.format(kpis.teams) },
    { label: 'SMS out', value: n.format(kpis.smsOut) },
    { label: 'SMS blocked', value: n.format(kpis.smsBlocked) },
    { label: 'Block rate', value: formatBlockRate(kpis.blockRate) },
    { label: 'Active campaigns', value: n.format(kpis.activeCampaigns) },
    { label: 'Suspended', value: n.format(kpis.suspended) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {tiles.map((t) => (
        <Paper key={t.label} withBorder radius="md" p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
            {t.label}
          </Text>
          <Text fz={22} fw={700} mt={4}>
            {t.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
