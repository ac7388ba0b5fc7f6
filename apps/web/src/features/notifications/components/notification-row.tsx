import { Avatar, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { NotificationDto } from '@prospector/core';
import { formatDateTime, initialsOf } from '../../../lib/format';

type NotificationRowProps = {
  notification: NotificationDto;
  timeZone?: string | null;
  onClick: (n: NotificationDto) => void;
};

/** One notification: who, what, when; unread ones stand out. */
export function NotificationRow({ notification: n, timeZone, onClick }: NotificationRowProps) {
  return (
    <UnstyledButton
      onClick={() => onClick(n)}
      p="sm"
      data-unread={!n.read || undefined}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: n.read ? undefined : 'var(--mantine-color-brand-0)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={n.sender?.avatar} radius="xl" size={34} color="brand">
          {initialsOf(n.sender?.name ?? 'P')}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={n.read ? 400 : 600} lh={1.35}>
            {n.body}
          </Text>
          {n.body2 && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {n.body2}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatDateTime(n.createdAt, timeZone)}
          </Text>
        </Stack>
        {!n.read && (
          <Box
            w={8}
            h={8}
            mt={6}
            style={{ borderRadius: '50%', background: 'var(--mantine-color-brand-6)', flexShrink: 0 }}
            aria-label="Unread"
          />
        )}
      </Group>
    </UnstyledButton>
  );
}
