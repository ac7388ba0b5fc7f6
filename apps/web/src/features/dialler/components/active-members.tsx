import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { memberDiallerLabel, type DiallerMemberDto } from '@prospector/core';
import { useNow } from '../../../lib/use-now';

/** The team members in the dialler: avatar, name and 'On call: duration', 'Dialling' or 'Idle', live. */
export function ActiveMembers({ members }: { members: DiallerMemberDto[] }) {
  const now = useNow(1000);
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} fz="md" mb="sm">
        Active members
      </Title>
      {members.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nobody is in the dialler right now.
        </Text>
      ) : (
        <Stack gap="sm" aria-label="Active members">
          {members.map((m) => {
            const label = memberDiallerLabel(
              m,
              m.onCallSince ? new Date(m.onCallSince) : null,
              new Date(now),
            );
            return (
              <Group key={m.userId} justify="space-between" data-testid="active-member">
                <Group gap="sm">
                  <Avatar src={m.avatar} name={m.name} color="initials" radius="xl" size={32} />
                  <Text fw={500}>{m.name}</Text>
                </Group>
                <Badge variant="light" color={m.onCall ? 'green' : m.dialling ? 'blue' : 'gray'} tt="none">
                  {label}
                </Badge>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
