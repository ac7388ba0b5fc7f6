import type { ReactNode } from 'react';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ListDetailData } from '../api/get-list-by-id';
import { formatCount } from '../utils/list-format';
import { ListActions } from './list-actions';
import { PhoneCountChart } from './phone-count-chart';
import { PropertyStatsChart } from './property-stats-chart';
import { SkiptraceMetrics } from './skiptrace-metrics';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Title order={3} fz={15} fw={650} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function VerifiedOwners({ verified, total }: { verified: number; total: number }) {
  const percent = total > 0 ? Math.round((verified / total) * 100) : 0;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm">Verified owners</Text>
        <Text size="sm" fw={600}>
          {formatCount(verified)} of {formatCount(total)} · {percent}%
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section value={percent} color="teal" aria-label="Verified owners" />
      </Progress.Root>
    </Stack>
  );
}

/** The right pane (at most 500 px wide): actions, then the list's figures and charts. */
export function ListStatsPane({ data }: { data: ListDetailData }) {
  const { stats, list } = data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="lg">
        <ListActions list={list} />
      </Paper>
      <Card title="Overview">
        <Stack gap="md">
          <Stack gap={0}>
            <Text fz={30} fw={700} lh={1.1}>
              {formatCount(stats.propCount)}
            </Text>
            <Text size="sm" c="dimmed">
              {stats.propCount === 1 ? 'property' : 'properties'}
            </Text>
          </Stack>
          <VerifiedOwners verified={stats.verifiedOwners} total={stats.propCount} />
        </Stack>
      </Card>
      <Card title="Skip trace">
        <SkiptraceMetrics list={list} />
      </Card>
      <Card title="Phones per property">
        <PhoneCountChart phoneCounts={stats.phoneCounts} />
      </Card>
      <Card title="Property types">
        <PropertyStatsChart propStats={stats.propStats} />
      </Card>
    </Stack>
  );
}
