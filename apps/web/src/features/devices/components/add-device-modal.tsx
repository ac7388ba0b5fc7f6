import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DeviceDto } from '@prospector/core';
import { AddDeviceForm } from './add-device-form';
import { DevicePairing } from './device-pairing';

type AddDeviceModalProps = { opened: boolean; onClose: () => void; devices: readonly DeviceDto[] };

/** The form, then the added device's app and pairing, live until it connects. */
function AddDeviceSteps({ devices, onClose }: Omit<AddDeviceModalProps, 'opened'>) {
  const [added, setAdded] = useState<DeviceDto | null>(null);
  if (!added) return <AddDeviceForm devices={devices} onCancel={onClose} onAdded={setAdded} />;
  // The live row once the list has it (its connection flips there), the server's answer until then.
  const live = devices.find((d) => d._id === added._id) ?? added;
  return (
    <Stack gap="lg">
      <DevicePairing device={live} />
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}

/** Add device (spec part 2 §2): an Android phone, or an iPhone on one of the team's Macs, then its app. */
export function AddDeviceModal({ opened, onClose, devices }: AddDeviceModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Add device</Text>} size="lg">
      <AddDeviceSteps devices={devices} onClose={onClose} />
    </Modal>
  );
}
