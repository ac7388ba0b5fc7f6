import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { DncTotals } from '../api/import-dnc';

type Stat = { label: string; value: number; color?: string };

/** What a DNC import did: phones read, new to the DNC list, invalid, and contacts' phones marked. */
export function DncResult({ totals, tooLong }: { totals: DncTotals; tooLong: number }) {
  const invalid = totals.invalid + tooLong;
  const stats: Stat[] = [
    { label: 'Phones read', value: totals.read },
    { label: 'Added to your DNC list', value: totals.added, color: 'brand.7' },
    { label: 'Invalid phones', value: invalid, color: invalid > 0 ? 'red.7' : undefined },
    { label: "Contacts' phones marked DNC", value: totals.identifiersMarked },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="group" aria-label="DNC import result">
      {stats.map((stat) => (
        <Paper
          key={stat.label}
          withBorder
          radius="md"
          p="md"
          bg="gray.0"
          role="group"
          aria-label={stat.label}
        >
          <Text fz={28} fw={700} lh={1.2} c={stat.color}>
            {stat.value.toLocaleString('en-US')}
          </Text>
          <Text size="sm" c="dimmed" lh={1.35} mt={2}>
            {stat.label}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
