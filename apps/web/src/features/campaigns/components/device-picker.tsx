import { Anchor, Box, Checkbox, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type DeviceDto, paths } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { LoadFailed } from '../../../components/load-failed';
import { useSendingDevices } from '../api/get-sending-devices';

function kindOf(device: DeviceDto): string {
  if (device.simulated) return 'Simulated phone';
  if (device.phoneType === 'Android') return 'Android phone';
  return device.macName ? `iPhone · via ${device.macName}` : 'iPhone';
}

function ConnectedDot({ connected }: { connected: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        aria-hidden
        w={8}
        h={8}
        style={{
          borderRadius: '50%',
          background: connected ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-5)',
        }}
      />
      <Text size="xs" c={connected ? 'green.8' : 'dimmed'} fw={500}>
        {connected ? 'Connected' : 'Disconnected'}
      </Text>
    </Group>
  );
}

type DevicePickerProps = { value: string[]; onChange: (devices: string[]) => void };

/** The team's phones the campaign texts from, each with its connection. */
export function DevicePicker({ value, onChange }: DevicePickerProps) {
  const devices = useSendingDevices();
  return (
    <Checkbox.Group
      label="Devices"
      description="The campaign's texts are shared among these phones."
      value={value}
      onChange={onChange}
    >
      <Stack gap="xs" mt="xs">
        {devices.isPending && <Loader size="sm" aria-label="Loading devices" />}
        {devices.isError && !devices.data && (
          <LoadFailed message="The devices could not be loaded." onRetry={() => void devices.refetch()} />
        )}
        {devices.data?.length === 0 && (
          <Paper withBorder radius="md" p="md" bg="gray.0">
            <Text size="sm" c="dimmed">
              Your team has no phones yet.{' '}
              <Anchor component={Link} to={paths.settings.devices} size="sm">
                Add one in Settings &gt; Devices
              </Anchor>
            </Text>
          </Paper>
        )}
        {devices.data?.map((device) => (
          <Paper key={device._id} withBorder radius="md" px="sm" py={10}>
            <Group justify="space-between" wrap="nowrap">
              <Checkbox
                value={device._id}
                label={formatPhone(device.value)}
                description={kindOf(device)}
                styles={{ label: { fontWeight: 500 } }}
              />
              <ConnectedDot connected={device.connected} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
