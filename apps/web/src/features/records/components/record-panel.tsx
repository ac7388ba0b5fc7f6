import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';

type RecordPanelProps = {
  title: string;
  icon?: ReactNode;
  count?: number;
  actions?: ReactNode;
  children: ReactNode;
};

/** One block of the record's left side (Tasks, Properties, a section, …). */
export function RecordPanel({ title, icon, count, actions, children }: RecordPanelProps) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={8} wrap="nowrap">
            {icon}
            <Text fw={700} size="sm">
              {title}
            </Text>
            {count !== undefined && count > 0 && (
              <Badge size="sm" variant="light" color="gray" circle>
                {count}
              </Badge>
            )}
          </Group>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
