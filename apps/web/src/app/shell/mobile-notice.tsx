import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { messages } from '@prospector/core';
import { BrandLogo } from '../../components/brand-logo';
import { LogoutButton } from './logout-button';

/** Phones see only this (spec part 1 §1): the workspace is made for a computer. */
export function MobileNotice() {
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="lg" maw={360} ta="center">
        <BrandLogo />
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconDeviceDesktop size={32} />
        </ThemeIcon>
        <Text fw={600} fz="lg" lh={1.5}>
          {messages.shell.mobile}
        </Text>
        <Text c="dimmed">{messages.shell.mobileHint}</Text>
        <LogoutButton variant="default" />
      </Stack>
    </Center>
  );
}
