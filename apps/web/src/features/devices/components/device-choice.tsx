import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBrandAndroid,
  IconBrandApple,
  IconChevronRight,
  IconDeviceMobileMessage,
} from '@tabler/icons-react';
import { messages, type PhoneType } from '@prospector/core';
import classes from './devices.module.css';
import { SimulatedPhoneButton } from './simulated-phone-button';

type ChoiceCardProps = { icon: ReactNode; title: string; text: string; onClick: () => void; badge?: string };

function ChoiceCard({ icon, title, text, onClick, badge }: ChoiceCardProps) {
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
          <Group gap={6}>
            <Text fw={700}>{title}</Text>
            {badge && (
              <Badge size="xs" color="green" variant="light">
                {badge}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" lh={1.5}>
            {text}
          </Text>
        </Stack>
        <IconChevronRight size={18} color="var(--mantine-color-gray-5)" style={{ alignSelf: 'center' }} />
      </Group>
    </Paper>
  );
}

const CHOICES = [
  {
    phoneType: 'Android',
    title: 'Android phone with Termux',
    text: 'Our agent runs in Termux on the phone and texts from its number.',
    color: 'green',
    Icon: IconBrandAndroid,
  },
  {
    phoneType: 'Apple',
    title: 'Mac + iPhone',
    text: "Our agent runs on a Mac that texts through Messages from the iPhone's number.",
    color: 'gray',
    Icon: IconBrandApple,
  },
] as const satisfies readonly {
  phoneType: PhoneType;
  title: string;
  text: string;
  color: string;
  Icon: unknown;
}[];

/** How a phone is connected: the SMS Gateway app, or our agent on an Android phone or a Mac. */
export type DeviceKindChoice = 'sms_gateway' | PhoneType;

type DeviceChoiceProps = {
  onChoose: (choice: DeviceKindChoice) => void;
  /** Other ways that need no agent (the devices the server calls), shown before the advanced ones. */
  children?: ReactNode;
};

/**
 * What the team texts from: first an Android phone with the SMS Gateway app (no computer, no
 * terminal); our agent on an Android phone or a Mac with its iPhone as the advanced ways; a simulated
 * phone to try first.
 */
export function DeviceChoice({ onChoose, children }: DeviceChoiceProps) {
  return (
    <Stack gap="sm">
      <ChoiceCard
        icon={
          <ThemeIcon variant="light" color="green" radius="md" size={36}>
            <IconDeviceMobileMessage size={20} />
          </ThemeIcon>
        }
        title={messages.devices.smsGateway.option}
        badge="Recommended"
        text={messages.devices.smsGateway.optionHint}
        onClick={() => onChoose('sms_gateway')}
      />
      {children}
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mt={4}>
        Advanced
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {CHOICES.map(({ phoneType, title, text, color, Icon }) => (
          <ChoiceCard
            key={phoneType}
            icon={
              <ThemeIcon variant="light" color={color} radius="md" size={36}>
                <Icon size={20} />
              </ThemeIcon>
            }
            title={title}
            text={text}
            onClick={() => onChoose(phoneType)}
          />
        ))}
      </SimpleGrid>
      <Group gap="xs" justify="center">
        <Text size="sm" c="dimmed">
          No phone at hand?
        </Text>
        <SimulatedPhoneButton variant="subtle" size="compact-sm" />
      </Group>
    </Stack>
  );
}
