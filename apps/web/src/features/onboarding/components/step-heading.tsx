import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** A step's title and one line on why it is asked. */
export function StepHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={1} fz={26} style={{ letterSpacing: '-0.02em' }}>
        {title}
      </Title>
      <Text c="gray.7" lh={1.6}>
        {children}
      </Text>
    </Stack>
  );
}
