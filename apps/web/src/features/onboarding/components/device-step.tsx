import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { deviceStepProblem } from '@prospector/core';
import { IconDeviceMobile, IconFlask } from '@tabler/icons-react';
import { useOnboardingDevices, useStartSimulatedPhone } from '../api/devices';
import { useStepGate } from './step-gate';
import { StepHeading } from './step-heading';

/** Step 3: at least one connected phone; a simulated one starts with one click. */
export function DeviceStep() {
  const devices = useOnboardingDevices();
  const simulate = useStartSimulatedPhone();
  const phones = (devices.data ?? []).filter((d) => !d.isComputer);
  useStepGate(() => deviceStepProblem(phones.filter((d) => d.connected).length));

  return (
    <Stack gap="lg">
      <StepHeading title="Connect a device">
        Prospector texts through your own phones, so replies come back to the same number.
      </StepHeading>
      {devices.isPending ? (
        <Loader size="sm" aria-label="Loading devices" />
      ) : phones.length === 0 ? (
        <Text size="sm" c="dimmed">
          No devices yet.
        </Text>
      ) : (
        <Stack gap="xs" aria-label="Your devices" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {phones.map((d) => (
            <Paper key={d._id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <IconDeviceMobile size={18} />
                  <Text fw={600}>{d.value}</Text>
                  {d.simulated && (
                    <Badge size="xs" variant="light">
                      Simulated
                    </Badge>
                  )}
                </Group>
                <Badge color={d.connected ? 'green' : 'gray'} variant="dot">
                  {d.connected ? 'Connected' : 'Not connected'}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Stack gap="xs">
          <Text fw={600}>Try it now with a simulated phone</Text>
          <Text size="sm" c="dimmed">
            It runs on the server: texts sent through it are delivered after a second and get a scripted
            reply.
          </Text>
          <Group>
            <Button
              variant="default"
              leftSection={<IconFlask size={16} />}
              loading={simulate.isPending}
              onClick={() => simulate.mutate()}
            >
              Add a simulated phone
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed">
        <b>A real phone:</b> add its number in Settings &gt; Devices, click <i>Download app</i> and run the
        app on the phone (Android in Termux; an iPhone through a Mac signed in to Messages). It shows a green
        dot once connected. You can add real phones there any time after setup.
      </Text>
    </Stack>
  );
}
