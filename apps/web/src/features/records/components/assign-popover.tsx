import type { ReactNode } from 'react';
import { Avatar, Checkbox, Group, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MemberDto } from '@prospector/core';
import { initialsOf } from '../../../lib/format';

type AssignPopoverProps = {
  label: string;
  members: readonly MemberDto[];
  assignedTo: readonly string[];
  onToggle: (memberId: string) => void;
  target: ReactNode;
};

/** The assign-to-members popup: each member toggles in or out of the assigned list. */
export function AssignPopover({ label, members, assignedTo, onToggle, target }: AssignPopoverProps) {
  return (
    <Popover position="bottom-end" shadow="md" width={260} withinPortal trapFocus>
      <Popover.Target>
        <UnstyledButton aria-label={label} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          {target}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px={6} pb={6}>
          {label}
        </Text>
        <ScrollArea.Autosize mah={280}>
          <Stack gap={2}>
            {members.map((m) => (
              <Checkbox.Card
                key={m._id}
                checked={assignedTo.includes(m._id)}
                onClick={() => onToggle(m._id)}
                withBorder={false}
                radius="md"
                p={6}
                aria-label={m.name}
              >
                <Group gap="sm" wrap="nowrap">
                  <Checkbox.Indicator size="sm" />
                  <Avatar src={m.avatar} size={24} radius="xl" color="brand">
                    {initialsOf(m.name)}
                  </Avatar>
                  <Text size="sm" truncate>
                    {m.name}
                  </Text>
                </Group>
              </Checkbox.Card>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
