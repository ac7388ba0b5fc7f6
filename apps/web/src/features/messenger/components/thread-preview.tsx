import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { IconExternalLink, IconSend } from '@tabler/icons-react';
import { type ItemType, type MessageDto } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { formatDateTime } from '../../../lib/format';
import { useThread } from '../api/get-thread';
import { useReplySms } from '../api/reply-sms';

const THREAD_HEIGHT = 300;

function kindOf(message: MessageDto): string {
  if (message.comment) return 'Comment';
  return message.direction === 'out' ? 'SMS sent' : 'SMS received';
}

function ThreadMessage({
  message,
  title,
  timeZone,
  extra,
}: {
  message: MessageDto;
  title: string;
  timeZone: string | null;
  /** Under a received text: its label (issue 31). */
  extra?: ((message: MessageDto) => ReactNode) | undefined;
}) {
  const when = formatDateTime(message.createdAt, timeZone);
  if (message.system)
    return (
      <Text size="xs" c="dimmed" ta="center" py={2}>
        {message.body} · {when}
      </Text>
    );
  const outgoing = message.direction === 'out';
  const who = message.sender?.name ?? (outgoing ? '' : title);
  const number = outgoing ? message.sentFrom : message.phone;
  const via = !message.comment && number ? ` · ${formatPhone(number)}` : '';
  const bg = message.comment ? 'yellow.0' : outgoing ? 'brand.0' : 'white';
  return (
    <Group justify={outgoing ? 'flex-end' : 'flex-start'} wrap="nowrap">
      <Box maw="75%">
        <Text size="xs" c="dimmed" ta={outgoing ? 'right' : 'left'} mb={2}>
          {who && (
            <Text span size="xs" fw={600} c="gray.8">
              {who}{' '}
            </Text>
          )}
          {kindOf(message)}
          {via} · {when}
          {message.status && ` · ${message.status}`}
        </Text>
        <Paper
          bg={bg}
          px="sm"
          py={6}
          radius="md"
          withBorder={!outgoing || message.comment}
          style={{ borderColor: message.comment ? 'var(--mantine-color-yellow-3)' : undefined }}
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.body}
          </Text>
        </Paper>
        {!outgoing && !message.comment && extra?.(message)}
      </Box>
    </Group>
  );
}

/** The number the contact last texted from: a reply goes back to it. */
function replyNumber(messages: readonly MessageDto[]): string | null {
  return [...messages].reverse().find((m) => !m.comment && m.direction === 'in' && m.phone)?.phone ?? null;
}

/** A reply without opening the record: Enter sends, Shift+Enter adds a line. */
function ReplyBox({ itemId, itemType, to }: { itemId: string; itemType: ItemType; to: string | null }) {
  const [text, setText] = useState('');
  const reply = useReplySms(itemId, itemType);
  if (!to) return null;
  const send = () => {
    const body = text.trim();
    if (!body) return;
    reply.mutate({ body, to }, { onSuccess: () => setText('') });
  };
  return (
    <Group gap="xs" wrap="nowrap" style={{ flex: 1 }} mx="md">
      <Textarea
        aria-label={`Reply to ${formatPhone(to)}`}
        placeholder={`Reply to ${formatPhone(to)}`}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
        autosize
        maxRows={4}
        size="xs"
        style={{ flex: 1 }}
      />
      <Button
        size="xs"
        leftSection={<IconSend size={14} />}
        onClick={send}
        loading={reply.isPending}
        disabled={!text.trim()}
      >
        Send
      </Button>
    </Group>
  );
}

type ThreadPreviewProps = {
  itemId: string;
  title: string;
  timeZone: string | null;
  onOpenRecord: () => void;
  canText?: boolean;
  messageExtra?: ((message: MessageDto) => ReactNode) | undefined;
};

/** The expanded row: the record's thread, newest at the bottom, and the way to the full record. */
export function ThreadPreview({
  itemId,
  title,
  timeZone,
  onOpenRecord,
  canText = false,
  messageExtra,
}: ThreadPreviewProps) {
  const thread = useThread(itemId);
  const viewport = useRef<HTMLDivElement>(null);
  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  return (
    <Paper
      withBorder
      radius="md"
      bg="gray.1"
      role="region"
      aria-label={`Conversation with ${title}`}
      style={{ overflow: 'hidden' }}
    >
      {thread.isPending ? (
        <Center h={120}>
          <Loader size="sm" aria-label="Loading conversation" />
        </Center>
      ) : thread.isError ? (
        <Center h={120}>
          <Text size="sm" c="dimmed">
            The conversation could not be loaded.
          </Text>
        </Center>
      ) : count === 0 ? (
        <Center h={120}>
          <Text size="sm" c="dimmed">
            No messages yet.
          </Text>
        </Center>
      ) : (
        <ScrollArea.Autosize mah={THREAD_HEIGHT} viewportRef={viewport} type="auto">
          <Stack gap="sm" p="md" role="log" aria-label="Thread">
            {thread.data.messages.map((message) => (
              <ThreadMessage
                key={message._id}
                message={message}
                title={title}
                timeZone={timeZone}
                extra={messageExtra}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Group
        justify="space-between"
        px="md"
        py="xs"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        bg="white"
      >
        <Text size="xs" c="dimmed">
          {count === 1 ? '1 message' : `${count} messages`}
        </Text>
        {canText && thread.data && (
          <ReplyBox itemId={itemId} itemType={thread.data.item.type} to={replyNumber(thread.data.messages)} />
        )}
        <Button
          size="xs"
          variant="light"
          rightSection={<IconExternalLink size={14} />}
          onClick={onOpenRecord}
        >
          Open record
        </Button>
      </Group>
    </Paper>
  );
}
