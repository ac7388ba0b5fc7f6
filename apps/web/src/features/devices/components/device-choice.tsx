import type { ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple, IconChevronRight, IconFlask } from '@tabler/icons-react';
import type { PhoneType } from '@prospector/core';
import classes from './devices.module.css';

type ChoiceCardProps = { icon: ReactNode; title: string; text: string; onClick: () => void };

function ChoiceCard({ icon, title, text, onClick }: ChoiceCardProps) {
  return (
    <Paper
      component="button"
      type="button"
      withBorder
      radius="md"
      p="md"
      className={classes.choice}
      onClick={onClick}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {icon}
        <Stack gap={2} style={{ flex: 1 }}>
          <Text fw={700}>{title}</Text>
          <Text size="xs" c="dimmed" lh={1.5}>
            {text}
          </Text>
        </Stack>
        <IconChevronRight size={18} color="var(--mantine-color-gray-5)" style={{ alignSelf: 'center' }} />
      </Group>
    </Paper>
  );
}

type DeviceChoiceProps = {
  onChoose: (phoneType: PhoneType) => void;
  onSimulate: () => void;
  simulating: boolean;
};

/** What the team texts from: an Android phone, or a Mac with its iPhone; a simulated phone to try first. */
export function DeviceChoice({ onChoose, onSimulate, simulating }: DeviceChoiceProps) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <ChoiceCard
          icon={
            <ThemeIcon variant="light" color="green" radius="md" size={36}>
              <IconBrandAndroid size={20} />
            </ThemeIcon>
          }
          title="Android phone"
          text="The app runs in Termux on the phone and texts from its number."
          onClick={() => onChoose('Android')}
        />
        <ChoiceCard
          icon={
            <ThemeIcon variant="light" color="gray" radius="md" size={36}>
              <IconBrandApple size={20} />
            </ThemeIcon>
          }
          title="Mac + iPhone"
          text="The app runs on a Mac that texts through Messages from the iPhone's number."
          onClick={() => onChoose('Apple')}
        />
      </SimpleGrid>
      <Group gap="xs" justify="center">
        <Text size="sm" c="dimmed">
          No phone at hand?
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconFlask size={16} />}
          loading={simulating}
          onClick={onSimulate}
        >
          Add a simulated phone
        </Button>
      </Group>
    </Stack>
  );
}
