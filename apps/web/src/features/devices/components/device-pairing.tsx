import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconBrandAndroid,
  IconBrandApple,
  IconCheck,
  IconCircleCheck,
  IconCopy,
  IconDownload,
} from '@tabler/icons-react';
import type { DeviceDto } from '@prospector/core';
import { useDevicePairing } from '../api/get-device-pairing';
import { useDevices } from '../api/get-devices';
import { SmsGatewayConnect } from './sms-gateway-connect';
import { useDownloadApp } from '../api/download-app';
import { deviceName } from '../utils/device-groups';
import { DeviceTitle } from './device-title';
import { PairingSteps } from './pairing-steps';

/** Addresses only the computer running Prospector can open: a phone elsewhere cannot reach them. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Waiting for the app, then connected: flips live with the devices' `devicesChanged` event. */
function PairingState({ connected }: { connected: boolean }) {
  return (
    <Badge
      role="status"
      size="lg"
      variant="light"
      color={connected ? 'green' : 'gray'}
      leftSection={connected ? <IconCheck size={14} /> : <Loader size={10} color="gray" />}
      style={{ flexShrink: 0 }}
    >
      {connected ? 'Connected' : 'Waiting for the app'}
    </Badge>
  );
}

function PairingDetails({ serverUrl, deviceToken }: { serverUrl: string; deviceToken: string }) {
  const local = LOCAL_HOSTS.has(new URL(serverUrl).hostname);
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap={8}>
        <Text size="xs" c="dimmed">
          The download&apos;s <Code>agent.config.json</Code> already holds these; you need them only to set
          the app up by hand. Keep the token secret: it lets its holder text as this device.
        </Text>
        <Group gap="xs" wrap="nowrap" align="baseline">
          <Text size="xs" fw={600} w={110} style={{ flexShrink: 0 }}>
            Server address
          </Text>
          <Code aria-label="Server address">{serverUrl}</Code>
        </Group>
        <Group gap="xs" wrap="nowrap" align="center">
          <Text size="xs" fw={600} w={110} style={{ flexShrink: 0 }}>
            Device token
          </Text>
          <Code aria-label="Device token" style={{ wordBreak: 'break-all', flex: 1 }}>
            {deviceToken}
          </Code>
          <CopyButton value={deviceToken}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy the token'} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'green' : 'gray'}
                  onClick={copy}
                  aria-label="Copy the token"
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        {local && (
          <Text size="xs" c="orange.9">
            Only this computer can open this address: whoever runs Prospector sets <Code>PUBLIC_URL</Code> to
            one your phone or Mac can reach.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A device just added (or not connected yet): its app to download, how to run it, the pairing details,
 * and whether it is connected. `device` is the live row from the devices' cache.
 */
function AgentPairing({ device }: { device: DeviceDto }) {
  const pairing = useDevicePairing(device._id);
  const download = useDownloadApp();
  const name = deviceName(device);
  const Icon = device.phoneType === 'Android' ? IconBrandAndroid : IconBrandApple;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <DeviceTitle
          device={device}
          large
          icon={
            <ThemeIcon
              variant="light"
              radius="md"
              size={38}
              color={device.phoneType === 'Android' ? 'green' : 'gray'}
            >
              <Icon size={20} />
            </ThemeIcon>
          }
        />
        <PairingState connected={device.connected} />
      </Group>
      {device.connected ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title="The app is connected"
        >
          Texts can go out through {name} now, and its replies come back to Prospector.
        </Alert>
      ) : pairing.isPending ? (
        <Loader size="sm" aria-label="Loading the pairing details" />
      ) : pairing.isError ? (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            The pairing details could not be loaded.
          </Text>
          <Button size="xs" variant="default" onClick={() => void pairing.refetch()}>
            Try again
          </Button>
        </Group>
      ) : (
        <>
          <PairingSteps platform={pairing.data.platform} agentName={pairing.data.agentName} />
          <Group gap="sm">
            <Button
              leftSection={<IconDownload size={16} />}
              loading={download.isPending}
              onClick={() => download.mutate(device._id)}
            >
              Download app
            </Button>
            <Text size="xs" c="dimmed">
              A zip with the app, its settings and a README with every step.
            </Text>
          </Group>
          <PairingDetails serverUrl={pairing.data.serverUrl} deviceToken={pairing.data.deviceToken} />
        </>
      )}
    </Stack>
  );
}

/** A phone with the SMS Gateway app: a new one-time code and the app's steps, live until it connects. */
function AppPairing({ device }: { device: DeviceDto }) {
  const devices = useDevices();
  return <SmsGatewayConnect devices={devices.data ?? [device]} device={device} />;
}

/** How the device connects: the SMS Gateway app's sign-in by code, or our agent's download and token. */
export function DevicePairing({ device }: { device: DeviceDto }) {
  return device.transport === 'sms_gateway' ? (
    <AppPairing device={device} />
  ) : (
    <AgentPairing device={device} />
  );
}
