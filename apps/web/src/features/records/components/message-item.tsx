import { formatPhone } from '../../../lib/phone-format';
import { Anchor, Avatar, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconChecks,
  IconClock,
  IconMicrophone,
  IconPaperclip,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { MessageDto } from '@prospector/core';
import { formatDateTime, initialsOf } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';

type MessageItemProps = {
  message: MessageDto;
  /** Who an incoming SMS is from, when the record is a contact. */
  contactName: string | null;
  timeZone: string | null;
  onCancelScheduled: (msgId: string) => void;
  cancelling: boolean;
  /** Shown under the bubble (a received text's label chip). */
  extra?: ReactNode;
};

function Attachments({ message }: { message: MessageDto }) {
  if (!message.file && !message.vmUrl) return null;
  return (
    <Group gap="sm">
      {message.file && (
        <Anchor href={message.file} target="_blank" rel="noreferrer" size="xs">
          <Group gap={4} component="span">
            <IconPaperclip size={12} /> Attached file
          </Group>
        </Anchor>
      )}
      {message.vmUrl && (
        <Anchor href={message.vmUrl} target="_blank" rel="noreferrer" size="xs">
          <Group gap={4} component="span">
            <IconMicrophone size={12} /> Voicemail
          </Group>
        </Anchor>
      )}
    </Group>
  );
}

/**
 * A system line; a scheduled one can be cancelled while its due time is in the future. `extra` goes
 * under it (a reply's automatic actions show their Undo there).
 */
function SystemMessage({ message, timeZone, onCancelScheduled, cancelling, extra }: MessageItemProps) {
  const now = useNow();
  const pending = message.due !== null && new Date(message.due).getTime() > now;
  return (
    <Stack gap={4} align="center" py={4} data-testid="message">
      <Text size="xs" c="dimmed" ta="center" maw="85%">
        {message.body}
      </Text>
      {pending && message.due && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            <IconClock size={12} style={{ verticalAlign: -2 }} /> Scheduled for{' '}
            {formatDateTime(message.due, timeZone)}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            loading={cancelling}
            onClick={() => onCancelScheduled(message._id)}
          >
            Cancel
          </Button>
        </Group>
      )}
      {extra}
    </Stack>
  );
}

const STATUS_ICONS: Partial<Record<string, typeof IconClock>> = {
  queued: IconClock,
  sent: IconCheck,
  delivered: IconChecks,
  failed: IconAlertCircle,
};

/** A text's delivery state: queued → sent → delivered, or failed (in red). */
function DeliveryStatus({ status, outgoing }: { status: string; outgoing: boolean }) {
  const state = status.toLowerCase();
  const failed = state === 'failed';
  const Icon = STATUS_ICONS[state];
  return (
    <Group gap={4} justify={outgoing ? 'flex-end' : 'flex-start'} mt={2}>
      {Icon && (
        <Icon
          size={12}
          aria-hidden
          color={failed ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-dimmed)'}
        />
      )}
      <Text size="xs" c={failed ? 'red.7' : 'dimmed'} fw={failed ? 600 : undefined}>
        {status}
      </Text>
    </Group>
  );
}

/** One entry of the thread: body, direction, sender, status ('failed' in red), file, voicemail. */
export function MessageItem(props: MessageItemProps) {
  const { message, timeZone, contactName } = props;
  if (message.system) return <SystemMessage {...props} />;
  const outgoing = message.direction === 'out';
  const who = message.sender?.name ?? (outgoing ? '' : (contactName ?? ''));
  const number = outgoing ? message.sentFrom : message.phone;
  const kind = message.comment ? 'Comment' : outgoing ? 'SMS sent' : 'SMS received';
  const via = !message.comment && number ? ` from ${formatPhone(number)}` : '';
  const bubble = message.comment ? 'yellow.0' : outgoing ? 'brand.0' : 'gray.1';
  return (
    <Group
      justify={outgoing ? 'flex-end' : 'flex-start'}
      align="flex-end"
      gap="xs"
      wrap="nowrap"
      data-testid="message"
    >
      {!outgoing && (
        <Avatar size={26} radius="xl" color="gray">
          {who ? initialsOf(who) : <IconUser size={14} />}
        </Avatar>
      )}
      <Box maw="80%">
        <Group gap={6} justify={outgoing ? 'flex-end' : 'flex-start'} mb={2}>
          <Text size="xs" fw={600}>
            {who}
          </Text>
          <Text size="xs" c="dimmed">
            {kind}
            {via} · {formatDateTime(message.createdAt, timeZone)}
          </Text>
        </Group>
        <Paper
          bg={bubble}
          px="sm"
          py={8}
          radius="lg"
          style={{ border: message.comment ? '1px solid var(--mantine-color-yellow-3)' : undefined }}
        >
          <Stack gap={4}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {message.body}
            </Text>
            <Attachments message={message} />
          </Stack>
        </Paper>
        {message.status && <DeliveryStatus status={message.status} outgoing={outgoing} />}
        {props.extra}
      </Box>
    </Group>
  );
}
