import { Box, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';

type ConnectionIndicatorProps = { connected: boolean; pingedAt: string | null; timeZone: string | null };

/** A green dot while the device's agent is connected, a grey one otherwise, with its last ping. */
export function ConnectionIndicator({ connected, pingedAt, timeZone }: ConnectionIndicatorProps) {
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Box
          aria-hidden
          w={8}
          h={8}
          style={{
            flexShrink: 0,
            borderRadius: '50%',
            background: connected ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-5)',
          }}
        />
        <Text size="sm" fw={500} c={connected ? 'green.8' : 'dimmed'}>
          {connected ? 'Connected' : 'Disconnected'}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" pl={14}>
        {pingedAt ? `Last ping ${formatDateTime(pingedAt, timeZone)}` : 'Never connected'}
      </Text>
    </Stack>
  );
}
