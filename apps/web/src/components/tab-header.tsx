import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

/** A tab's one-line explanation and its main action, on one row. */
export function TabHeader({ description, action }: { description: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed" maw={640}>
        {description}
      </Text>
      {action}
    </Group>
  );
}
