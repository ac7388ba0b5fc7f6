import { Group, Loader, Paper, Text, Transition } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import { useConnectionStore } from '../../lib/connection-store';

/**
 * 'Connected to server' / 'Reconnecting to server'; slides away 2 s after connecting. It floats at
 * the bottom of the screen, where it covers no page title.
 */
export function ConnectionBanner() {
  const status = useConnectionStore((s) => s.status);
  const visible = useConnectionStore((s) => s.bannerVisible);
  const connected = status === 'connected';
  return (
    <Transition mounted={visible} transition="slide-up" duration={250} keepMounted={false}>
      {(style) => (
        <Paper
          role="status"
          aria-live="polite"
          shadow="md"
          radius="xl"
          px="md"
          py={6}
          style={{
            ...style,
            position: 'fixed',
            bottom: 24,
            left: '50%',
            translate: '-50% 0',
            zIndex: 200,
            background: connected ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-orange-6)',
            color: 'white',
          }}
        >
          <Group gap={8} wrap="nowrap">
            {connected ? <IconPlugConnected size={16} /> : <Loader size={14} color="white" />}
            <Text size="sm" fw={600}>
              {connected ? messages.shell.connected : messages.shell.reconnecting}
            </Text>
          </Group>
        </Paper>
      )}
    </Transition>
  );
}
