import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import type { DeviceDto } from '@prospector/core';
import { deviceKind, deviceName } from '../utils/device-groups';

type DeviceTitleProps = { device: DeviceDto; icon: ReactNode; large?: boolean };

/** A device's icon, name and kind, as its row in Settings > Devices and its pairing show it. */
export function DeviceTitle({ device, icon, large = false }: DeviceTitleProps) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {icon}
      <Stack gap={0} miw={0}>
        <Text size={large ? 'md' : 'sm'} fw={large ? 700 : 600} truncate>
          {deviceName(device)}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {deviceKind(device)}
        </Text>
      </Stack>
    </Group>
  );
}
