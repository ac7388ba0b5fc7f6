import { Avatar, Box, Group, Text } from '@mantine/core';
import type { CurrentUser } from '@prospector/core';

function initialsOf(user: CurrentUser): string {
  const source = user.name.trim() || user.email;
  const parts = source.split(/[\s@.]+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

/** Who is logged in, and in which company. */
export function UserSummary({ user }: { user: CurrentUser }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={user.avatar} radius="xl" color="brand" size={34} alt="">
        {initialsOf(user)}
      </Avatar>
      <Box visibleFrom="md" maw={200}>
        <Text size="sm" fw={600} truncate lh={1.3}>
          {user.name.trim() || user.email}
        </Text>
        <Text size="xs" c="dimmed" truncate lh={1.3}>
          {user.team.name}
        </Text>
      </Box>
    </Group>
  );
}
