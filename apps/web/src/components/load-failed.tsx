import { Button, Stack, Text } from '@mantine/core';

/** A query that failed: what could not be loaded ('The lists could not be loaded.'), and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      <Text c="dimmed">{message}</Text>
      <Button variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
