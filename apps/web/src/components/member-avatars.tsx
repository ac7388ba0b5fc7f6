import { Avatar, Tooltip } from '@mantine/core';
import { initialsOf } from '../lib/format';

export type AvatarMember = { _id: string; name: string; avatar: string | null };

type MemberAvatarsProps = {
  ids: readonly string[];
  members: readonly AvatarMember[];
  size?: number;
  max?: number;
};

/** The members assigned to something, as overlapping avatars with their names on hover. */
export function MemberAvatars({ ids, members, size = 24, max = 3 }: MemberAvatarsProps) {
  const assigned = ids
    .map((id) => members.find((m) => m._id === id))
    .filter((m): m is AvatarMember => m !== undefined);
  if (assigned.length === 0) return null;
  const shown = assigned.slice(0, max);
  const rest = assigned.length - shown.length;
  return (
    <Avatar.Group spacing={size / 3}>
      {shown.map((m) => (
        <Tooltip key={m._id} label={m.name} withArrow>
          <Avatar src={m.avatar} size={size} radius="xl" color="brand" alt={m.name}>
            {initialsOf(m.name)}
          </Avatar>
        </Tooltip>
      ))}
      {rest > 0 && (
        <Avatar size={size} radius="xl">
          +{rest}
        </Avatar>
      )}
    </Avatar.Group>
  );
}
