import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DeviceDto } from '@prospector/core';
import { AddDeviceForm } from './add-device-form';
import { DeviceChoice, type DeviceKindChoice } from './device-choice';
import { DevicePairing } from './device-pairing';
import { SmsGatewayConnect } from './sms-gateway-connect';

type AddDeviceModalProps = { opened: boolean; onClose: () => void; devices: readonly DeviceDto[] };

/** The choice, then the SMS Gateway app's steps, or the agent's form and its app and pairing, live until it connects. */
function AddDeviceSteps({ devices, onClose }: Omit<AddDeviceModalProps, 'opened'>) {
  const [choice, setChoice] = useState<DeviceKindChoice | null>(null);
  const [added, setAdded] = useState<DeviceDto | null>(null);
  const done = (
    <Group justify="space-between">
      <Button variant="subtle" onClick={() => setChoice(null)}>
        Back
      </Button>
      <Button onClick={onClose}>Done</Button>
    </Group>
  );
  if (!choice) return <DeviceChoice onChoose={setChoice} />;
  if (choice === 'sms_gateway')
    return (
      <Stack gap="lg">
        <SmsGatewayConnect devices={devices} />
        {done}
      </Stack>
    );
  if (!added)
    return (
      <AddDeviceForm
        devices={devices}
        phoneType={choice}
        onCancel={() => setChoice(null)}
        cancelLabel="Back"
        onAdded={setAdded}
      />
    );
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

/** Add device (spec part 2 §2): the SMS Gateway app first; our agent on an Android phone or a Mac and its iPhone. */
export function AddDeviceModal({ opened, onClose, devices }: AddDeviceModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Add device</Text>} size="lg">
      <AddDeviceSteps devices={devices} onClose={onClose} />
    </Modal>
  );
}
