import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobileMessage, IconPlus } from '@tabler/icons-react';
import { SimulatedPhoneButton } from './simulated-phone-button';

/** No device yet: what a device is, how one connects, and the way to add the first. */
type DevicesEmptyProps = { onAdd: () => void };

export function DevicesEmpty({ onAdd }: DevicesEmptyProps) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="md" maw={560} mx="auto" ta="center">
        <ThemeIcon variant="light" size={56} radius="xl">
          <IconDeviceMobileMessage size={30} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          No devices yet
        </Title>
        <Text size="sm" c="dimmed">
          Prospector sends and receives your texts through your own phones, so replies come back to the same
          number. A device is a phone that runs Prospector&apos;s small app and stays connected:
        </Text>
        <List size="sm" spacing={6} ta="left" c="dimmed">
          <List.Item>
            <b>Android:</b> add the phone&apos;s number, download its app and run it in Termux on the phone.
          </List.Item>
          <List.Item>
            <b>iPhone:</b> add the Mac signed in to Messages with the iPhone&apos;s Apple ID, then the iPhone;
            the app runs on the Mac and texts through Messages.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          The download holds step-by-step instructions. A device shows a green dot once it is connected.
        </Text>
        <Text size="sm" c="dimmed">
          No phone at hand? A simulated phone runs on the server: texts sent through it are delivered after a
          second and get a scripted reply.
        </Text>
        <Group gap="sm" justify="center">
          <SimulatedPhoneButton />
          <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
            Add device
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
