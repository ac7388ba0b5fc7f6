import { useState } from 'react';
import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import type { DeviceDto } from '@prospector/core';
import { AddDeviceForm } from './add-device-form';
import { DevicePairing } from './device-pairing';
import { RemoteDeviceChoices, type RemoteKind } from './remote-device-choices';
import { BlueBubblesForm, LocalPhoneForm } from './remote-device-form';

type AddDeviceModalProps = { opened: boolean; onClose: () => void; devices: readonly DeviceDto[] };

/** The form, then the added device's app and pairing, live until it connects. */
function AddDeviceSteps({ devices, onClose }: Omit<AddDeviceModalProps, 'opened'>) {
  const [added, setAdded] = useState<DeviceDto | null>(null);
  const [remote, setRemote] = useState<RemoteKind | null>(null);
  if (!added && remote === 'local') return <LocalPhoneForm onAdded={setAdded} onCancel={() => setRemote(null)} />;
  if (!added && remote === 'bluebubbles') return <BlueBubblesForm onAdded={setAdded} onCancel={() => setRemote(null)} />;
  if (!added)
    return (
      <Stack gap="md">
        <RemoteDeviceChoices onChoose={setRemote} />
        <Divider label="Advanced: the Prospector agent (Termux on Android, or a Mac)" labelPosition="center" />
        <AddDeviceForm devices={devices} onCancel={onClose} onAdded={setAdded} />
      </Stack>
    );
  // The live row once the list has it (its connection flips there), the server's answer until then.
  const live = devices.find((d) => d._id === added._id) ?? added;
  return (
    <Stack gap="lg">
      {live.transport === 'sms_gateway_local' || live.transport === 'bluebubbles' ? (
        <Alert color={live.connected ? 'green' : 'yellow'} variant="light" role="status">
          {live.connected ? `${live.value} is connected. Texts go out through it from now on.` : `${live.value} is not answering right now.`}
        </Alert>
      ) : (
        <DevicePairing device={live} />
      )}
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
