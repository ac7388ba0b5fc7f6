import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';

/** The frame of a second-factor step: an icon, a title, what to do, and the step itself. */
export function StepCard({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Center py={48}>
      <Paper withBorder radius="lg" p="xl" w={460} shadow="xs">
        <Stack gap="md">
          <ThemeIcon size={44} radius="xl" variant="light" color="brand">
            <IconShieldLock size={24} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} fz={20}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
