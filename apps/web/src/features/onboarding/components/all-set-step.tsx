import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/** The last screen: Proceed finishes onboarding. */
export function AllSetStep() {
  return (
    <Stack align="center" gap="md" ta="center" py="md">
      <ThemeIcon size={56} radius="xl" color="green" variant="light">
        <IconCheck size={30} />
      </ThemeIcon>
      <Title order={1} fz={28}>
        All set!
      </Title>
      <Text c="gray.7" maw={420}>
        Your workspace is ready. Import a list, then launch your first campaign from the dashboard.
      </Text>
    </Stack>
  );
}
