import { Avatar, Badge, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconHeadset, IconUsersGroup } from '@tabler/icons-react';
import type { ChatDto } from '@prospector/core';
import { formatDateTime, initialsOf } from '../../../lib/format';

type ChatRowProps = {
  chat: ChatDto;
  timeZone?: string | null;
  onOpen: (chatId: string) => void;
  /** Beside the title (the staff inbox: the team's plan and credits). */
  aside?: React.ReactNode;
};

function ChatAvatar({ chat }: { chat: ChatDto }) {
  if (chat.kind === 'support' && !chat.avatar)
    return (
      <ThemeIcon size={38} radius="xl" variant="light" color="teal">
        <IconHeadset size={20} />
      </ThemeIcon>
    );
  if (chat.kind === 'team' && !chat.avatar)
    return (
      <ThemeIcon size={38} radius="xl" variant="light" color="brand">
        <IconUsersGroup size={20} />
      </ThemeIcon>
    );
  return (
    <Avatar src={chat.avatar} radius="xl" size={38} color="brand">
      {initialsOf(chat.title)}
    </Avatar>
  );
}

/** One conversation of the Chats modal: who, the last message cut at 170 characters, when, unread. */
export function ChatRow({ chat, timeZone, onOpen, aside }: ChatRowProps) {
  const unread = chat.notifCount > 0;
  return (
    <UnstyledButton
      onClick={() => onOpen(chat._id)}
      p="sm"
      aria-label={unread ? `${chat.title}, ${chat.notifCount} unread` : chat.title}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: unread ? 'var(--mantine-color-brand-0)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ChatAvatar chat={chat} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" fw={unread ? 700 : 600} truncate>
              {chat.title}
            </Text>
            {chat.lastMessage && (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatDateTime(chat.lastMessage.createdAt, timeZone)}
              </Text>
            )}
          </Group>
          {aside}
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Text
              size="xs"
              c={unread ? undefined : 'dimmed'}
              lineClamp={2}
              style={{ wordBreak: 'break-word' }}
            >
              {chat.lastMessage?.body ?? 'No messages yet.'}
            </Text>
            {unread && (
              <Badge size="sm" circle color="red" style={{ flexShrink: 0 }} data-testid="chat-unread">
                {chat.notifCount > 99 ? '99+' : chat.notifCount}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
