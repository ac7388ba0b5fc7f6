import { formatPhone } from '../../../lib/phone-format';
import { createContext, useContext, type KeyboardEvent, type ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconBell, IconClock, IconPhoneCall } from '@tabler/icons-react';
import type { BoardCard as BoardCardData } from '@prospector/core';
import { MemberAvatars, type AvatarMember } from '../../../components/member-avatars';
import { formatDateTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';

/** What the app adds among a card's badges (the contact's temperature from its latest reply). */
export const BoardCardExtra = createContext<((card: BoardCardData) => ReactNode) | null>(null);

type BoardCardViewProps = {
  card: BoardCardData;
  members: readonly AvatarMember[];
  timeZone?: string | null;
  dragging?: boolean;
};

function DueBadge({ card, timeZone }: { card: BoardCardData; timeZone?: string | null }) {
  const now = useNow();
  if (card.due) {
    const overdue = new Date(card.due).getTime() <= now;
    return (
      <Badge
        size="sm"
        variant="light"
        tt="none"
        fw={600}
        color={overdue ? 'red' : 'gray'}
        leftSection={<IconClock size={12} />}
        data-testid="due-badge"
        data-overdue={overdue || undefined}
      >
        {overdue ? 'Overdue' : 'Due'} {formatDateTime(card.due, timeZone)}
      </Badge>
    );
  }
  if (card.hasOpenTask)
    return (
      <Badge size="sm" variant="light" tt="none" fw={600} color="gray" leftSection={<IconClock size={12} />}>
        Open task
      </Badge>
    );
  return null;
}

/** What a card shows: title, second line, unread count, task due state, queued state, assignees. */
export function BoardCardView({ card, members, timeZone, dragging }: BoardCardViewProps) {
  const extra = useContext(BoardCardExtra);
  return (
    <Stack gap={6} style={{ opacity: dragging ? 0.4 : 1 }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text fw={600} size="sm" lh={1.35} lineClamp={2}>
          {card.title}
        </Text>
        {card.notifCount > 0 && (
          <Badge
            size="sm"
            color="red"
            circle={card.notifCount < 10}
            leftSection={card.notifCount >= 10 ? <IconBell size={10} /> : undefined}
            aria-label={`${card.notifCount} unread`}
          >
            {card.notifCount}
          </Badge>
        )}
      </Group>
      {card.subtitle && (
        <Text size="xs" c="dimmed" truncate>
          {formatPhone(card.subtitle)}
        </Text>
      )}
      {card.lastMessage && (
        <Text size="xs" c="gray.7" lineClamp={1}>
          {card.lastMessage.body}
        </Text>
      )}
      <Group justify="space-between" gap={6} wrap="nowrap" mih={4}>
        <Group gap={4} wrap="wrap">
          {extra?.(card)}
          <DueBadge card={card} timeZone={timeZone} />
          {card.queued && (
            <Badge
              size="sm"
              variant="light"
              tt="none"
              fw={600}
              color="violet"
              leftSection={<IconPhoneCall size={12} />}
            >
              Queued
            </Badge>
          )}
        </Group>
        <MemberAvatars ids={card.assignedTo} members={members} size={22} />
      </Group>
    </Stack>
  );
}

type DraggableBoardCardProps = {
  card: BoardCardData;
  statusId: string;
  members: readonly AvatarMember[];
  timeZone?: string | null;
  onOpen: (id: string) => void;
  /** Its column is selected for a bulk action. */
  selected?: boolean;
};

/** A card that can be dragged to another column; a click (or Enter) opens the record. */
export function DraggableBoardCard({
  card,
  statusId,
  members,
  timeZone,
  onOpen,
  selected = false,
}: DraggableBoardCardProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: card._id,
    data: { card, statusId },
  });
  function openOnEnter(event: KeyboardEvent) {
    if (event.key === 'Enter') onOpen(card._id);
  }
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      shadow="xs"
      {...attributes}
      {...listeners}
      onKeyDown={(event: KeyboardEvent) => {
        listeners?.onKeyDown?.(event);
        openOnEnter(event);
      }}
      onClick={() => onOpen(card._id)}
      aria-label={card.title}
      data-card-id={card._id}
      data-selected={selected || undefined}
      style={{
        cursor: 'grab',
        touchAction: 'none',
        outline: selected ? '2px solid var(--mantine-color-brand-4)' : undefined,
        // Inside the card: the column's scroll box would clip an outline drawn outside it.
        outlineOffset: -2,
      }}
    >
      <BoardCardView card={card} members={members} timeZone={timeZone} dragging={isDragging} />
    </Paper>
  );
}
