import { Avatar, Group, Select, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { AvatarMember } from '../../../components/member-avatars';
import { initialsOf } from '../../../lib/format';

const EVERYONE = 'everyone';

type MemberFilterProps = {
  members: readonly AvatarMember[];
  value: string | null;
  onChange: (memberId: string | null) => void;
};

/** Shows the board of one assigned member, or everybody's. */
export function MemberFilter({ members, value, onChange }: MemberFilterProps) {
  const data = [
    { value: EVERYONE, label: 'Everyone' },
    ...members.map((m) => ({ value: m._id, label: m.name })),
  ];
  return (
    <Select
      aria-label="Member"
      data={data}
      value={value ?? EVERYONE}
      onChange={(next) => onChange(next && next !== EVERYONE ? next : null)}
      allowDeselect={false}
      w={240}
      leftSection={<IconUsers size={16} />}
      renderOption={({ option }) => {
        const member = members.find((m) => m._id === option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            {member && (
              <Avatar src={member.avatar} size={22} radius="xl" color="brand">
                {initialsOf(member.name)}
              </Avatar>
            )}
            <Text size="sm">{option.label}</Text>
          </Group>
        );
      }}
    />
  );
}
