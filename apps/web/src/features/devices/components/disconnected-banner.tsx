import { Alert, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import { useDevices } from '../api/get-devices';
import { deviceName, disconnectedAgents } from '../utils/device-groups';

/**
 * The shell's red banner (spec part 1 §2.1, §8) while any Android phone or Mac of the team is not
 * connected, naming them; the shell's `useLiveDevices` keeps it current.
 */
export function DisconnectedDevicesBanner() {
  const devices = useDevices();
  const down = disconnectedAgents(devices.data ?? []);
  if (down.length === 0) return null;
  return (
    <Alert
      role="alert"
      color="red"
      variant="filled"
      radius="md"
      mb="lg"
      icon={<IconPlugConnectedX size={20} />}
      styles={{ message: { fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      {messages.devices.disconnected}{' '}
      <Text span fw={700} inherit>
        {down.map(deviceName).join(', ')}
      </Text>
    </Alert>
  );
}
