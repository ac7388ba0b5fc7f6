import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';

type EmptyStateProps = { icon: ReactNode; title: string; description?: string; action?: ReactNode };

/** Nothing to list yet: what goes here and the way to add the first. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="xs" py="md">
        <ThemeIcon size={48} radius="xl" variant="light" color="brand">
          {icon}
        </ThemeIcon>
        <Text fw={600} mt={4}>
          {title}
        </Text>
        {description && (
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {description}
          </Text>
        )}
        {action && <Stack mt="xs">{action}</Stack>}
      </Stack>
    </Paper>
  );
}
