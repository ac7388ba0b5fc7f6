import { Paper, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandApple, IconChevronRight, IconWifi } from '@tabler/icons-react';
import classes from './devices.module.css';

export type RemoteKind = 'local' | 'bluebubbles';

const CHOICES = [
  {
    kind: 'local',
    title: 'Android phone — SMS Gateway app, local server',
    text: 'Trying it on a laptop on the same Wi-Fi: no certificate needed. Prospector calls the phone.',
    color: 'green',
    Icon: IconWifi,
  },
  {
    kind: 'bluebubbles',
    title: 'Mac with BlueBubbles',
    text: 'iPhones: a Mac with Messages runs BlueBubbles Server; texts go out as iMessage or SMS.',
    color: 'gray',
    Icon: IconBrandApple,
  },
] as const;

/** The two ways of adding a device the server calls (ADR 034), as cards in Add device. */
export function RemoteDeviceChoices({ onChoose }: { onChoose: (kind: RemoteKind) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {CHOICES.map(({ kind, title, text, color, Icon }) => (
        <Paper
          key={kind}
          component="button"
          type="button"
          withBorder
          radius="md"
          p="md"
          className={classes.choice}
          onClick={() => onChoose(kind)}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color={color} radius="md" size={36}>
              <Icon size={20} />
            </ThemeIcon>
            <Stack gap={2} style={{ flex: 1 }}>
              <Text fw={700} size="sm">
                {title}
              </Text>
              <Text size="xs" c="dimmed" lh={1.5}>
                {text}
              </Text>
            </Stack>
            <IconChevronRight size={18} color="var(--mantine-color-gray-5)" style={{ alignSelf: 'center' }} />
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
