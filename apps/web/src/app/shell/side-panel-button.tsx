import type { ReactNode } from 'react';
import { ActionIcon, Drawer, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

type SidePanelButtonProps = { label: string; icon: ReactNode };

/** A top-bar icon opening its side panel. The panels' contents come with their features. */
export function SidePanelButton({ label, icon }: SidePanelButtonProps) {
  const [opened, panel] = useDisclosure(false);
  return (
    <>
      <Tooltip label={label} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="md"
          aria-label={label}
          onClick={panel.open}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={panel.close}
        position="right"
        size="sm"
        title={label}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      />
    </>
  );
}
