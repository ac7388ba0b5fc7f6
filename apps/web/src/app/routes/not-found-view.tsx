import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@prospector/core';

/** Shown where a page exists only for others (the internal admin area, spec part 2 §2). */
export function NotFoundView() {
  return (
    <Center py={96}>
      <Stack align="center" gap="sm" ta="center">
        <Text fz={56} fw={800} c="gray.3" lh={1}>
          404
        </Text>
        <Title order={1} fz={24}>
          Page not found
        </Title>
        <Text c="dimmed" maw={380}>
          This page does not exist, or your account does not have access to it.
        </Text>
        <Button component={Link} to={paths.home} mt="sm">
          Go to dashboard
        </Button>
      </Stack>
    </Center>
  );
}
