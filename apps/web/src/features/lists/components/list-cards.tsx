import { useState } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ListDto } from '@prospector/core';
import { useMoveList } from '../api/move-list';
import { plural } from '../utils/list-format';
import { ListCard } from './list-card';

type ListCardsProps = {
  lists: ListDto[];
  timeZone?: string | null;
  canReorder: boolean;
  selectedId: string | null;
  onSelect: (listId: string) => void;
  onCreateCampaign: (listId: string) => void;
  /** null: the viewer may not delete (nor rename) lists. */
  onDelete: ((list: ListDto) => void) | null;
};

/** The pointer must travel a little before a drag starts, so clicks keep working. */
const DRAG_START_DISTANCE_PX = 6;

/** The list cards, reordered by dragging one onto another's place or by the card menu. */
export function ListCards({ lists, canReorder, ...cardProps }: ListCardsProps) {
  const move = useMoveList();
  const [dragged, setDragged] = useState<ListDto | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
    useSensor(KeyboardSensor),
  );

  function moveTo(listId: string, newIdx: number) {
    move.mutate({ listId, newIdx });
  }

  function handleDragStart({ active }: DragStartEvent) {
    setDragged(lists.find((l) => l._id === active.id) ?? null);
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    if (!over || over.id === active.id) return;
    const newIdx = lists.findIndex((l) => l._id === over.id);
    if (newIdx >= 0) moveTo(String(active.id), newIdx);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <Stack gap="sm">
        {lists.map((list, index) => {
          // The last loaded list stays put: where the next one is is not known until it loads.
          const last = index === lists.length - 1;
          return (
            <ListCard
              key={list._id}
              list={list}
              canReorder={canReorder}
              selected={cardProps.selectedId === list._id}
              timeZone={cardProps.timeZone}
              onSelect={cardProps.onSelect}
              onCreateCampaign={cardProps.onCreateCampaign}
              onDelete={cardProps.onDelete}
              onMoveUp={canReorder && index > 0 ? () => moveTo(list._id, index - 1) : null}
              onMoveDown={canReorder && !last ? () => moveTo(list._id, index + 1) : null}
            />
          );
        })}
      </Stack>
      <DragOverlay>{dragged ? <DraggedList list={dragged} /> : null}</DragOverlay>
    </DndContext>
  );
}

function DraggedList({ list }: { list: ListDto }) {
  return (
    <Paper
      data-drag-overlay-for={list._id}
      withBorder
      radius="lg"
      p="md"
      shadow="lg"
      style={{ cursor: 'grabbing', borderColor: 'var(--mantine-color-brand-3)' }}
    >
      <Group gap="xs" wrap="nowrap">
        <IconGripVertical size={16} color="var(--mantine-color-gray-6)" />
        <Text fw={650}>{list.name}</Text>
        <Text size="sm" c="dimmed">
          {plural(list.itemCount, 'contact')}
        </Text>
      </Group>
    </Paper>
  );
}
