import type { ReactNode } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { CALL_STATUSES, type TeamKpis } from '@prospector/core';

const TEXT_SERIES = [
  { name: 'sent', label: 'Sent', color: 'brand.6' },
  { name: 'delivered', label: 'Delivered', color: 'teal.6' },
  { name: 'replied', label: 'Replied', color: 'grape.6' },
  { name: 'optedOut', label: 'Opted out', color: 'orange.6' },
  { name: 'blocked', label: 'Blocked', color: 'red.6' },
];
const CALL_COLORS = [
  'teal.6',
  'brand.6',
  'grape.6',
  'yellow.6',
  'green.7',
  'red.6',
  'gray.5',
  'gray.7',
  'orange.6',
  'dark.3',
];
const ROW_PX = 40;
const short = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const cut = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function ChartCard({ title, children, empty }: { title: string; children: ReactNode; empty: boolean }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz={16}>
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            Nothing in this period.
          </Text>
        ) : (
          <div role="figure" aria-label={title}>
            {children}
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** Texts and calls per day, and texts per line and per template. */
export function KpisCharts({ kpis }: { kpis: TeamKpis }) {
  const days = kpis.days.map((d) => ({ ...d, day: short(d.date) }));
  const statuses = CALL_STATUSES.filter((s) => kpis.totals.calls.some((c) => c.status === s));
  const callDays = kpis.days.map((d) => ({
    day: short(d.date),
    ...Object.fromEntries(statuses.map((s) => [s, d.calls.find((c) => c.status === s)?.n ?? 0])),
  }));
  const lines = kpis.devices.map((d) => ({ ...d, label: d.value }));
  const templates = kpis.templates.map((t) => ({ ...t, label: cut(t.text ?? 'Deleted template') }));
  const noTexts = kpis.totals.sent + kpis.totals.replied === 0;
  return (
    <Stack gap="lg">
      <ChartCard title="Texts per day" empty={noTexts}>
        <LineChart
          h={280}
          data={days}
          dataKey="day"
          series={TEXT_SERIES}
          curveType="monotone"
          withLegend
          withDots={days.length <= 14}
        />
      </ChartCard>
      <ChartCard title="Call outcomes per day" empty={statuses.length === 0}>
        <BarChart
          h={260}
          data={callDays}
          dataKey="day"
          type="stacked"
          withLegend
          series={statuses.map((s, i) => ({ name: s, color: CALL_COLORS[i % CALL_COLORS.length]! }))}
        />
      </ChartCard>
      <ChartCard title="Texts per device" empty={lines.length === 0}>
        <BarChart
          h={Math.max(120, lines.length * ROW_PX * 2 + 40)}
          data={lines}
          dataKey="label"
          orientation="vertical"
          withLegend
          yAxisProps={{ width: 150, interval: 0 }}
          series={TEXT_SERIES}
        />
      </ChartCard>
      <ChartCard title="Texts per template" empty={templates.length === 0}>
        <BarChart
          h={Math.max(120, templates.length * ROW_PX * 2 + 40)}
          data={templates}
          dataKey="label"
          orientation="vertical"
          withLegend
          yAxisProps={{ width: 260, interval: 0 }}
          series={[...TEXT_SERIES, { name: 'interested', label: 'Interested', color: 'green.7' }]}
        />
      </ChartCard>
      <ChartCard title="Interested replies per template" empty={templates.length === 0}>
        <InterestedTable templates={kpis.templates} />
      </ChartCard>
    </Stack>
  );
}

/**
 * Which templates bring leads, not only replies (issue 31): answers whose reply was labelled interested
 * or call back, and their rate per 100 delivered texts; the best first.
 */
function InterestedTable({ templates }: { templates: TeamKpis['templates'] }) {
  const rows = [...templates].sort((a, b) => b.interestedRate - a.interestedRate || b.sent - a.sent);
  return (
    <Table aria-label="Interested replies per template" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Template</Table.Th>
          <Table.Th ta="right">Delivered</Table.Th>
          <Table.Th ta="right">Replied</Table.Th>
          <Table.Th ta="right">Interested</Table.Th>
          <Table.Th ta="right">Interested rate</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((t) => (
          <Table.Tr key={t.templateId}>
            <Table.Td>{cut(t.text ?? 'Deleted template')}</Table.Td>
            <Table.Td ta="right">{t.delivered.toLocaleString('en-US')}</Table.Td>
            <Table.Td ta="right">{t.replied.toLocaleString('en-US')}</Table.Td>
            <Table.Td ta="right">{t.interested.toLocaleString('en-US')}</Table.Td>
            <Table.Td ta="right">{t.interestedRate.toFixed(2)}%</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
