import { useState, type ReactNode } from 'react';
import { Box, Center, Group, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { BulkActionBar, NO_BULK_ACTOR } from '../../../components/bulk/bulk-action-bar';
import {
  DndContext,
  type Announcements,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { messages, type BoardCard, type BulkActor } from '@prospector/core';
import { LoadFailed } from '../../../components/load-failed';
import type { AvatarMember } from '../../../components/member-avatars';
import { notifyError } from '../../../lib/notify';
import { boardKeys } from '../api/board-keys';
import { useBoard } from '../api/get-dashboard';
import { useLoadMoreCards } from '../api/load-more-cards';
import { useMoveCard } from '../api/move-card';
import { BoardCardView } from './board-card';
import { BoardColumn } from './board-column';
import {
  cardLacksPrimary,
  columnCollision,
  columnKeyboardCoordinates,
  keyboardCodes,
  type CardDragData,
} from './board-drag';

type BoardViewProps = {
  filterBy: string | null;
  members: readonly AvatarMember[];
  timeZone?: string | null;
  onOpenItem: (id: string) => void;
  /** Shown above the columns while the whole board holds no record (a new team's first actions). */
  whenEmpty?: ReactNode;
  /** Admins may delete a column's records in bulk. */
  actor?: BulkActor;
  /** A bulk action changed records: the Messenger and open records refetch. */
  onRecordsChanged?: () => void;
};

/** Cards move only after the pointer travels a little, so a click still opens the record. */
const DRAG_START_DISTANCE_PX = 6;

/** The status board (spec part 1 §2.3): one column per status, cards dragged between them. */
export function BoardView(props: BoardViewProps) {
  const {
    filterBy,
    members,
    timeZone,
    onOpenItem,
    whenEmpty,
    actor = NO_BULK_ACTOR,
    onRecordsChanged,
  } = props;
  const queryClient = useQueryClient();
  const [selectedColumn, setSelectedColumn] = useState<string | null>(null);
  const board = useBoard(filterBy);
  const move = useMoveCard(filterBy);
  const loadMore = useLoadMoreCards(filterBy);
  const [dragged, setDragged] = useState<BoardCard | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { keyboardCodes, coordinateGetter: columnKeyboardCoordinates }),
  );

  if (board.isPending)
    return (
      <Center h={240}>
        <Loader aria-label="Loading the board" />
      </Center>
    );
  if (board.isError)
    return <LoadFailed message="The board could not be loaded." onRetry={() => void board.refetch()} />;

  const columns = board.data.columns;

  function handleDragStart({ active }: DragStartEvent) {
    setDragged((active.data.current as CardDragData | undefined)?.card ?? null);
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const data = active.data.current as CardDragData | undefined;
    if (!over || !data || over.id === data.statusId) return;
    const from = columns.find((c) => c.status._id === data.statusId)?.status;
    const to = columns.find((c) => c.status._id === over.id)?.status;
    if (!from || !to) return;
    if (cardLacksPrimary(data.card)) {
      notifyError(messages.records.statusNeedsPrimary);
      return;
    }
    move.mutate({ cardId: data.card._id, from, to });
  }

  // Screen readers hear the card's and the columns' names, not the ids dnd-kit knows them by.
  const cardTitle = (active: { data: { current?: unknown } }) =>
    (active.data.current as CardDragData | undefined)?.card.title ?? 'The card';
  const columnName = (id: string | number) =>
    columns.find((c) => c.status._id === id)?.status.text ?? 'no column';
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const from = (active.data.current as CardDragData | undefined)?.statusId;
      return `Picked up ${cardTitle(active)} from ${from ? columnName(from) : 'the board'}.`;
    },
    onDragOver: ({ active, over }) =>
      over
        ? `${cardTitle(active)} is over ${columnName(over.id)}.`
        : `${cardTitle(active)} is over no column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${cardTitle(active)} was moved to ${columnName(over.id)}.`
        : `${cardTitle(active)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${cardTitle(active)} was cancelled.`,
  };

  return (
    <DndContext
      sensors={sensors}
      accessibility={{ announcements }}
      collisionDetection={columnCollision}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      {whenEmpty && columns.every((c) => c.count === 0) && <Box mb="md">{whenEmpty}</Box>}
      <Box mb={selectedColumn ? 'sm' : 0}>
        <BulkActionBar
          count={columns.find((c) => c.status._id === selectedColumn)?.count ?? 0}
          selection={selectedColumn ? { kind: 'board', filter: { status: selectedColumn, filterBy } } : null}
          actor={actor}
          onClear={() => setSelectedColumn(null)}
          onChanged={() => {
            void queryClient.invalidateQueries({ queryKey: boardKeys.all });
            onRecordsChanged?.();
          }}
        />
      </Box>
      <Box style={{ overflowX: 'auto', height: '100%' }} pb="xs">
        <Group align="stretch" gap={16} wrap="nowrap" h="100%">
          {columns.map((column) => (
            <BoardColumn
              key={column.status._id}
              column={column}
              members={members}
              timeZone={timeZone}
              loadingMore={loadMore.isPending && loadMore.variables?.statusId === column.status._id}
              onLoadMore={(statusId, skip) => loadMore.mutate({ statusId, skip })}
              onOpenItem={onOpenItem}
              selected={selectedColumn === column.status._id}
              onSelect={(on) => setSelectedColumn(on ? column.status._id : null)}
            />
          ))}
        </Group>
      </Box>
      <DragOverlay>
        {dragged ? <BoardOverlayCard card={dragged} members={members} timeZone={timeZone} /> : null}
      </DragOverlay>
    </DndContext>
  );
}

function BoardOverlayCard(props: {
  card: BoardCard;
  members: readonly AvatarMember[];
  timeZone?: string | null;
}) {
  return (
    <Box
      data-drag-overlay-for={props.card._id}
      p="sm"
      bg="white"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        boxShadow: 'var(--mantine-shadow-lg)',
        border: '1px solid var(--mantine-color-brand-3)',
        cursor: 'grabbing',
      }}
    >
      <BoardCardView {...props} />
    </Box>
  );
}
