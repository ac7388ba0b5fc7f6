import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { DonutChart } from '@mantine/charts';
import type { ListDetailData } from '../api/get-list-by-id';
import { formatCount } from '../utils/list-format';

type PhoneCounts = ListDetailData['stats']['phoneCounts'];

const COLORS: Record<string, string> = { '0': 'gray.3', '1': 'brand.2', '2': 'brand.4', '3+': 'brand.7' };
const FALLBACK_COLORS = ['brand.2', 'brand.4', 'brand.6', 'brand.8'];

function labelOf(text: string): string {
  if (text === '0') return 'No phones';
  if (text === '1') return '1 phone';
  return `${text} phones`;
}

/** Properties by how many phones they have, as a doughnut with its legend. */
export function PhoneCountChart({ phoneCounts }: { phoneCounts: PhoneCounts }) {
  const data = phoneCounts.map((point, i) => ({
    name: labelOf(point.text),
    value: point.count,
    color: COLORS[point.text] ?? FALLBACK_COLORS[i % FALLBACK_COLORS.length]!,
  }));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        No properties yet.
      </Text>
    );
  return (
    <Group gap="xl" wrap="nowrap" align="center">
      <Box role="figure" aria-label="Properties by number of phones" style={{ flexShrink: 0 }}>
        <DonutChart
          data={data}
          size={148}
          thickness={22}
          paddingAngle={2}
          chartLabel={formatCount(total)}
          tooltipDataSource="segment"
          valueFormatter={formatCount}
        />
      </Box>
      <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none', flex: 1 }}>
        {data.map((d) => (
          <Group key={d.name} component="li" justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={8} wrap="nowrap">
              <ColorSwatch
                color={`var(--mantine-color-${d.color.replace('.', '-')})`}
                size={12}
                withShadow={false}
              />
              <Text size="sm">{d.name}</Text>
            </Group>
            <Text size="sm" fw={600}>
              {formatCount(d.value)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
