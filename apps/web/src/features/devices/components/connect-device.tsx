import { useState } from 'react';
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobile, IconPlus } from '@tabler/icons-react';
import { messages, type DeviceDto, type PhoneType } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import { useDevices } from '../api/get-devices';
import { deviceName } from '../utils/device-groups';
import { AddDeviceForm } from './add-device-form';
import { DeviceChoice } from './device-choice';
import { DevicePairing } from './device-pairing';
import { RemoteDeviceChoices, type RemoteKind } from './remote-device-choices';
import { BlueBubblesForm, LocalPhoneForm } from './remote-device-form';
import { SmsGatewayConnect } from './sms-gateway-connect';

/** Pairing: the device as added or listed; its live row is read from the list while it has it. */
type Stage =
  | { kind: 'choose' }
  | { kind: 'app' }
  | { kind: 'remote'; remote: RemoteKind }
  | { kind: 'form'; phoneType: PhoneType }
  | { kind: 'pair'; device: DeviceDto };

const FORM_TITLES: Record<PhoneType, string> = {
  Android: 'Add an Android phone',
  Apple: 'Add a Mac and its iPhone',
};

/** Coming back to a phone added earlier that never connected: its instructions open again. */
function firstStage(phones: readonly DeviceDto[]): Stage {
  const waiting = phones.find((d) => !d.simulated && !d.connected);
  return waiting && !phones.some((d) => d.connected) ? { kind: 'pair', device: waiting } : { kind: 'choose' };
}

type PhoneListProps = { phones: readonly DeviceDto[]; onSetUp: (device: DeviceDto) => void };

/** The team's phones with their connection; one not connected offers its set-up again. */
function PhoneList({ phones, onSetUp }: PhoneListProps) {
  return (
    <Stack gap="xs" aria-label="Your devices" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {phones.map((d) => (
        <Paper key={d._id} component="li" withBorder radius="md" px="sm" py={8}>
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <IconDeviceMobile size={18} style={{ flexShrink: 0 }} />
              <Text fw={600} truncate>
                {deviceName(d)}
              </Text>
              {d.simulated && (
                <Badge size="xs" variant="light">
                  Simulated
                </Badge>
              )}
            </Group>
            <Group gap="sm" wrap="nowrap">
              {!d.connected && !d.simulated && (
                <Button size="compact-xs" variant="subtle" onClick={() => onSetUp(d)}>
                  How to connect
                </Button>
              )}
              <Badge color={d.connected ? 'green' : 'gray'} variant="dot">
                {d.connected ? 'Connected' : 'Not connected'}
              </Badge>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Connecting a phone where the team is (the onboarding's device step): the SMS Gateway app, a phone in
 * its local server mode or a Mac with BlueBubbles, or our agent (Android or Mac + iPhone: the Add
 * device form, its app, then watching it connect); or a simulated phone.
 */
export function ConnectDevice() {
  const devices = useDevices();
  const [stage, setStage] = useState<Stage | null>(null);
  // The phone whose code the app stage shows: listed there, not again above it.
  const [appDeviceId, setAppDeviceId] = useState<string | null>(null);
  if (devices.isPending) return <Loader size="sm" aria-label="Loading devices" />;
  if (devices.isError)
    return <LoadFailed message="The devices could not be loaded." onRetry={() => void devices.refetch()} />;

  const all = devices.data;
  const phones = all.filter((d) => !d.isComputer);
  if (stage === null) {
    setStage(firstStage(phones));
    return null;
  }
  const paired =
    stage.kind === 'pair' ? (all.find((d) => d._id === stage.device._id) ?? stage.device) : undefined;
  const choose = () => setStage({ kind: 'choose' });
  const listed = phones.filter(
    (d) => d._id !== paired?._id && !(stage.kind === 'app' && d._id === appDeviceId),
  );

  return (
    <Stack gap="lg">
      {listed.length > 0 && (
        <PhoneList phones={listed} onSetUp={(device) => setStage({ kind: 'pair', device })} />
      )}
      {stage.kind === 'choose' && (
        <Stack gap="xs">
          <Text fw={600}>{phones.length ? 'Add another phone' : 'What will you text from?'}</Text>
          <DeviceChoice
            onChoose={(choice) =>
              setStage(choice === 'sms_gateway' ? { kind: 'app' } : { kind: 'form', phoneType: choice })
            }
          >
            <RemoteDeviceChoices onChoose={(remote) => setStage({ kind: 'remote', remote })} />
          </DeviceChoice>
        </Stack>
      )}
      {stage.kind === 'app' && (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="md">
              {messages.devices.smsGateway.option}
            </Title>
            <SmsGatewayConnect devices={all} onMade={setAppDeviceId} />
            <Group justify="flex-start">
              <Button variant="subtle" size="compact-sm" onClick={choose}>
                Back
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {stage.kind === 'remote' && (
        <Paper withBorder radius="md" p="lg">
          {/* Added and checked at once: it joins the list above, connected. */}
          {stage.remote === 'local' ? (
            <LocalPhoneForm onAdded={choose} onCancel={choose} />
          ) : (
            <BlueBubblesForm onAdded={choose} onCancel={choose} />
          )}
        </Paper>
      )}
      {stage.kind === 'form' && (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="md">
              {FORM_TITLES[stage.phoneType]}
            </Title>
            <AddDeviceForm
              devices={all}
              phoneType={stage.phoneType}
              phoneRequired
              cancelLabel="Back"
              onCancel={choose}
              onAdded={(device) => setStage({ kind: 'pair', device })}
            />
          </Stack>
        </Paper>
      )}
      {paired && (
        <Paper withBorder radius="md" p="lg" aria-label={`Connect ${deviceName(paired)}`} component="section">
          <Stack gap="md">
            <DevicePairing device={paired} />
            <Group justify="flex-end">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={choose}
              >
                Add another device
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
