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
          number. A device is a phone of yours that Prospector can reach:
        </Text>
        <List size="sm" spacing={6} ta="left" c="dimmed">
          <List.Item>
            <b>Android:</b> install the free SMS Gateway app from its website and sign it in with the code Add
            device shows. No computer needed.
          </List.Item>
          <List.Item>
            <b>iPhone:</b> a Mac signed in to Messages with the iPhone&apos;s Apple ID runs BlueBubbles
            Server; give Prospector its address and password.
          </List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Add device walks you through each, step by step. A device shows a green dot once it is connected.
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
