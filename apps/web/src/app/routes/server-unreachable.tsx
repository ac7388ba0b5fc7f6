import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { LogoutButton } from '../shell/logout-button';

/** The stored session could not be checked because the server did not answer. */
export function ServerUnreachable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="md" maw={380} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconPlugConnectedX size={28} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          Can’t reach the server
        </Title>
        <Text c="dimmed">Your workspace could not be loaded. Check your connection and try again.</Text>
        <Button onClick={onRetry} loading={retrying}>
          Try again
        </Button>
        <LogoutButton />
      </Stack>
    </Center>
  );
}
