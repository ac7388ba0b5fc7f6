import type { MouseEvent, ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, Checkbox, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconBell,
  IconBuildingSkyscraper,
  IconChevronRight,
  IconHome,
  IconUser,
} from '@tabler/icons-react';
import { messages, type InboxRow, type MessageDto } from '@prospector/core';
import { formatPhone } from '../../../lib/phone-format';
import { formatDateTime } from '../../../lib/format';
import type { PhoneStatusAction } from '../api/change-phone-status';
import { previewOf } from '../utils/preview';
import { formatRelativeTime } from '../utils/relative-time';
import { ThreadPreview } from './thread-preview';

export const INBOX_COLUMNS = 6;

/**
 * What the app puts in the Messenger from other features (issue 31): the chip of a row's latest reply
 * label, and what shows under a received text of the expanded thread (its label).
 */
export type MessengerSlots = {
  rowLabel?: (row: InboxRow) => ReactNode;
  messageExtra?: (message: MessageDto) => ReactNode;
};

const TYPES = {
  contact: { label: 'Contact', Icon: IconUser },
  property: { label: 'Property', Icon: IconHome },
  company: { label: 'Company', Icon: IconBuildingSkyscraper },
} as const;

const PHONE_STATUS_COLORS = { DNC: 'red', 'Wrong #': 'orange' } as const;

function Information({ row }: { row: InboxRow }) {
  const { label, Icon } = TYPES[row.type];
  const phone = row.phone ?? row.subtitle;
  return (
    <Stack gap={2} miw={0}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={row.unread > 0 ? 700 : 600} truncate>
          {row.title}
        </Text>
        {row.unread > 0 && (
          <Badge
            size="sm"
            variant="filled"
            tt="none"
            aria-label={`${row.unread} unread texts`}
            style={{ flexShrink: 0 }}
          >
            {row.unread} new
          </Badge>
        )}
        {row.notifCount > 0 && (
          <Badge
            size="sm"
            color="red"
            variant="light"
            leftSection={<IconBell size={11} />}
            aria-label={`${row.notifCount} notifications`}
            style={{ flexShrink: 0 }}
          >
            {row.notifCount}
          </Badge>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        <Icon size={13} color="var(--mantine-color-gray-6)" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="xs" c="dimmed" truncate>
          {label}
          {phone && ` · ${formatPhone(phone)}`}
        </Text>
        {row.phoneStatus && (
          <Badge
            size="xs"
            color={PHONE_STATUS_COLORS[row.phoneStatus]}
            variant="light"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {row.phoneStatus}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

type LastMessageProps = { row: InboxRow; now: number; timeZone: string | null; label: ReactNode };

function LastMessage({ row, now, timeZone, label }: LastMessageProps) {
  const { body, direction, createdAt } = row.lastMessage;
  const incoming = direction === 'in';
  const Icon = incoming ? IconArrowDownLeft : IconArrowUpRight;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Icon
        size={16}
        role="img"
        aria-label={incoming ? 'Received' : 'Sent'}
        color={incoming ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-brand-6)'}
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Stack gap={2} miw={0}>
        <Text size="sm" c={row.unread > 0 ? undefined : 'gray.8'} fw={row.unread > 0 ? 500 : undefined}>
          {previewOf(body)}
        </Text>
        <Group gap="xs" wrap="nowrap" mih={22}>
          <Text size="xs" c="dimmed" title={formatDateTime(createdAt, timeZone)} style={{ flexShrink: 0 }}>
            {formatRelativeTime(createdAt, now, timeZone)}
          </Text>
          {label && (
            // The chip and its menu (portalled, but its events bubble through React) leave the row shut.
            <Box onClick={stop} miw={0}>
              {label}
            </Box>
          )}
        </Group>
      </Stack>
    </Group>
  );
}

/** Only a record with a primary phone or e-mail can have a status (spec part 1 §2.5). */
function Status({ row }: { row: InboxRow }) {
  if (!row.hasPrimary)
    return (
      <Tooltip label={messages.records.statusNeedsPrimary} withArrow multiline w={240}>
        <Text size="sm" c="dimmed" aria-label="No primary phone or e-mail">
          —
        </Text>
      </Tooltip>
    );
  if (!row.status)
    return (
      <Text size="sm" c="dimmed">
        No status
      </Text>
    );
  return (
    <Badge variant="light" color="gray" tt="none" fw={600} maw="100%">
      {row.status}
    </Badge>
  );
}

type InboxRowViewProps = {
  row: InboxRow;
  expanded: boolean;
  now: number;
  timeZone: string | null;
  onToggle: () => void;
  onMarkPhone: (action: PhoneStatusAction) => void;
  onOpenRecord: () => void;
  canText: boolean;
  /** Ticked for a bulk action. */
  selected: boolean;
  onSelect: () => void;
  slots: MessengerSlots;
};

const stop = (event: MouseEvent) => event.stopPropagation();

/** One record of the Messenger; a click opens its thread underneath. */
export function InboxRowView(props: InboxRowViewProps) {
  const { row, expanded, now, timeZone, canText, onToggle, onMarkPhone, onOpenRecord, selected, onSelect } =
    props;
  const label = row.replyLabel && props.slots.rowLabel?.(row);
  const unread = row.unread > 0;
  return (
    <>
      <Table.Tr
        onClick={onToggle}
        aria-label={row.title}
        data-unread={unread || undefined}
        bg={expanded ? 'gray.0' : undefined}
        style={{
          cursor: 'pointer',
          boxShadow: unread ? 'inset 3px 0 0 var(--mantine-color-brand-6)' : undefined,
        }}
      >
        <Table.Td w={40} pr={0} onClick={stop}>
          <Checkbox aria-label={`Select ${row.title}`} checked={selected} onChange={onSelect} />
        </Table.Td>
        <Table.Td w={44} pr={0}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={expanded ? 'Hide conversation' : 'Show conversation'}
            aria-expanded={expanded}
            onClick={(event) => {
              stop(event);
              onToggle();
            }}
          >
            <IconChevronRight
              size={16}
              style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 150ms' }}
            />
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <Information row={row} />
        </Table.Td>
        <Table.Td>
          <LastMessage row={row} now={now} timeZone={timeZone} label={label} />
        </Table.Td>
        <Table.Td>
          <Status row={row} />
        </Table.Td>
        <Table.Td onClick={stop}>
          <Group gap={6} wrap="nowrap" justify="flex-end">
            <Button
              size="compact-xs"
              variant="default"
              disabled={!row.phone || row.phoneStatus === 'Wrong #'}
              onClick={() => onMarkPhone('Wrong #')}
            >
              Wrong number
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              disabled={!row.phone || row.phoneStatus === 'DNC'}
              onClick={() => onMarkPhone('DNC')}
            >
              DNC
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {expanded && (
        <Table.Tr bg="gray.0">
          <Table.Td colSpan={INBOX_COLUMNS} px="lg" pt={0} pb="md">
            <ThreadPreview
              itemId={row._id}
              title={row.title}
              timeZone={timeZone}
              canText={canText}
              onOpenRecord={onOpenRecord}
              messageExtra={props.slots.messageExtra}
            />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
