import { Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { ListDetailData } from '../api/get-list-by-id';
import { formatCount } from '../utils/list-format';

type PropStats = ListDetailData['stats']['propStats'];

const SERIES_COLORS = ['brand.6', 'teal.6', 'orange.6', 'grape.6'];
const ROW_HEIGHT_PX = 34;
const AXES_HEIGHT_PX = 12;

/** Properties by use description: one horizontal bar per kind, with its count. */
export function PropertyStatsChart({ propStats }: { propStats: PropStats }) {
  const { labels, datasets } = propStats;
  const data = labels.map((label, i) => ({
    label,
    ...Object.fromEntries(datasets.map((set) => [set.label, set.data[i] ?? 0])),
  }));
  const series = datasets.map((set, i) => ({
    name: set.label,
    color: SERIES_COLORS[i % SERIES_COLORS.length]!,
  }));
  if (labels.length === 0 || series.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No properties yet.
      </Text>
    );
  return (
    <div role="figure" aria-label="Properties by use description">
      <BarChart
        h={labels.length * ROW_HEIGHT_PX + AXES_HEIGHT_PX}
        data={data}
        dataKey="label"
        series={series}
        orientation="vertical"
        gridAxis="none"
        withXAxis={false}
        barChartProps={{ margin: { right: 48 } }}
        withBarValueLabel
        valueFormatter={formatCount}
        maxBarWidth={18}
        yAxisProps={{ width: 130, interval: 0 }}
        withLegend={series.length > 1}
      />
    </div>
  );
}
