import { useState } from 'react';
import { Center, Group, Loader, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { KPIS_DEFAULT_DAYS, KPIS_MAX_DAYS, shiftDate } from '@prospector/core';
import { LazyBoundary, lazyNamed, usePreload } from '../../../components/lazy-load';
import { LoadFailed } from '../../../components/load-failed';
import { PageTitle } from '../../../components/page-title';
import { useTeamKpis } from '../api/get-team-kpis';
import { KpisTotals } from './kpis-totals';

const PRESETS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'custom', label: 'Custom' },
];

// The charts bring their own library (~120 KB gzip): a chunk of its own, fetched while the figures
// load, under a skeleton (as the list page's stats pane, ADR 015).
const KpisCharts = lazyNamed(() => import('./kpis-charts'), 'KpisCharts', { onDemand: true });
const chartsSkeleton = <Skeleton h={640} radius="md" />;

/** Today in the team's time zone, as YYYY-MM-DD (the server counts days there too). */
export function todayIn(timeZone: string | null, now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC' }).format(now);
}

/** The team's own KPIs (spec part 2 §3 Team KPIs), for admins and the kpis permission. */
export function KpisPage({ timeZone }: { timeZone: string | null }) {
  const today = todayIn(timeZone);
  const [preset, setPreset] = useState(String(KPIS_DEFAULT_DAYS));
  const [range, setRange] = useState<[string | null, string | null]>([
    shiftDate(today, KPIS_DEFAULT_DAYS - 1),
    today,
  ]);
  const [from, to] = range;
  const ready = Boolean(from && to);
  const kpis = useTeamKpis(from ?? today, to ?? today);
  usePreload(KpisCharts, 'now');

  const pick = (value: string) => {
    setPreset(value);
    if (value !== 'custom') setRange([shiftDate(today, Number(value) - 1), today]);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <PageTitle>KPIs</PageTitle>
          <Text size="sm" c="dimmed">
            Days are counted in {kpis.data?.timezone ?? timeZone ?? 'UTC'}.
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end">
          <SegmentedControl aria-label="Period" data={PRESETS} value={preset} onChange={pick} />
          <DatePickerInput
            type="range"
            aria-label="Dates"
            w={250}
            value={range}
            maxDate={today}
            minDate={shiftDate(today, KPIS_MAX_DAYS * 3)}
            valueFormat="MMM D, YYYY"
            onChange={(v) => {
              setPreset('custom');
              setRange(v as [string | null, string | null]);
            }}
          />
        </Group>
      </Group>
      {!ready ? (
        <Text size="sm" c="dimmed">
          Pick the last day of the period.
        </Text>
      ) : kpis.isPending ? (
        <Center h={240}>
          <Loader aria-label="Loading the KPIs" />
        </Center>
      ) : kpis.isError ? (
        <LoadFailed message="The KPIs could not be loaded." onRetry={() => void kpis.refetch()} />
      ) : (
        <>
          <KpisTotals totals={kpis.data.totals} />
          <LazyBoundary variant="screen" fallback={chartsSkeleton}>
            <KpisCharts kpis={kpis.data} />
          </LazyBoundary>
        </>
      )}
    </Stack>
  );
}
