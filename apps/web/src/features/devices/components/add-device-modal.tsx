import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type DeviceDto } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { AddDeviceForm } from './add-device-form';
import { DeviceChoice, type DeviceKindChoice } from './device-choice';
import { DevicePairing } from './device-pairing';
import { RemoteDeviceChoices, type RemoteKind } from './remote-device-choices';
import { BlueBubblesForm, LocalPhoneForm } from './remote-device-form';
import { SmsGatewayConnect } from './sms-gateway-connect';

type AddDeviceModalProps = { opened: boolean; onClose: () => void; devices: readonly DeviceDto[] };

/** The choice, then the SMS Gateway app's steps, or the agent's form and its app and pairing, live until it connects. */
function AddDeviceSteps({ devices, onClose }: Omit<AddDeviceModalProps, 'opened'>) {
  const [choice, setChoice] = useState<DeviceKindChoice | null>(null);
  const [added, setAdded] = useState<DeviceDto | null>(null);
  const [remote, setRemote] = useState<RemoteKind | null>(null);
  const done = (
    <Group justify="space-between">
      <Button variant="subtle" onClick={() => setChoice(null)}>
        Back
      </Button>
      <Button onClick={onClose}>Done</Button>
    </Group>
  );
  if (!added && remote === 'local')
    return <LocalPhoneForm onAdded={setAdded} onCancel={() => setRemote(null)} />;
  if (!added && remote === 'bluebubbles')
    return <BlueBubblesForm onAdded={setAdded} onCancel={() => setRemote(null)} />;
  if (!added && !choice)
    return (
      <DeviceChoice onChoose={setChoice}>
        <RemoteDeviceChoices onChoose={setRemote} />
      </DeviceChoice>
    );
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
        phoneType={choice!}
        onCancel={() => setChoice(null)}
        cancelLabel="Back"
        onAdded={setAdded}
      />
    );
  // The live row once the list has it (its connection flips there), the server's answer until then.
  const live = devices.find((d) => d._id === added._id) ?? added;
  return (
    <Stack gap="lg">
      {live.transport === 'sms_gateway_local' || live.transport === 'bluebubbles' ? (
        <Alert color={live.connected ? 'green' : 'yellow'} variant="light" role="status">
          {live.connected
            ? `${formatPhone(live.value)} is connected. Texts go out through it from now on.`
            : `${formatPhone(live.value)} is not answering right now.`}
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

/** Add device (spec part 2 §2): the SMS Gateway app first; our agent on an Android phone or a Mac and its iPhone. */
export function AddDeviceModal({ opened, onClose, devices }: AddDeviceModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Add device</Text>} size="lg">
      <AddDeviceSteps devices={devices} onClose={onClose} />
    </Modal>
  );
}
