import type { UIEvent } from 'react';
import { Badge, Box, Center, Checkbox, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { messages } from '@prospector/core';
import type { AvatarMember } from '../../../components/member-avatars';
import type { BoardColumnData } from '../api/get-dashboard';
import { DraggableBoardCard } from './board-card';
import { formatCount } from '../../../lib/format';

export const COLUMN_WIDTH = 292;
/** Start loading the next page this close to the bottom of a column. */
const LOAD_MORE_THRESHOLD_PX = 160;

type BoardColumnProps = {
  column: BoardColumnData;
  members: readonly AvatarMember[];
  timeZone?: string | null;
  loadingMore: boolean;
  onLoadMore: (statusId: string, skip: number) => void;
  onOpenItem: (id: string) => void;
  /** Every record of the column, on every page, is selected for a bulk action. */
  selected: boolean;
  onSelect: (selected: boolean) => void;
};

/** One status: its name and count, then its cards; 30 at a time, more as the column scrolls. */
export function BoardColumn({
  column,
  members,
  timeZone,
  loadingMore,
  onLoadMore,
  onOpenItem,
  selected,
  onSelect,
}: BoardColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: column.status._id, data: { status: column.status } });
  const hasMore = column.items.length < column.count;

  function loadMoreNearBottom(event: UIEvent<HTMLDivElement>) {
    const el = event.currentTarget;
    const nearBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - LOAD_MORE_THRESHOLD_PX;
    if (nearBottom && hasMore && !loadingMore) onLoadMore(column.status._id, column.items.length);
  }

  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-label={column.status.text}
      data-status-id={column.status._id}
      radius="lg"
      p={0}
      w={COLUMN_WIDTH}
      miw={COLUMN_WIDTH}
      bg={isOver ? 'brand.0' : 'gray.1'}
      style={{
        display: 'flex',
        flexDirection: 'column',
        maxHeight: '100%',
        outline: isOver ? '2px dashed var(--mantine-color-brand-4)' : undefined,
        transition: 'background-color 120ms ease',
      }}
    >
      <Group justify="space-between" px="md" pt="sm" pb={8} wrap="nowrap">
        <Group gap={8} wrap="nowrap" miw={0}>
          <Checkbox
            size="xs"
            aria-label={`Select all ${formatCount(column.count)} in ${column.status.text}`}
            checked={selected}
            disabled={column.count === 0}
            onChange={(e) => onSelect(e.currentTarget.checked)}
          />
          <Text fw={700} size="sm" truncate>
            {column.status.text}
          </Text>
        </Group>
        <Badge
          variant="white"
          color="gray"
          size="md"
          radius="sm"
          aria-label={`${formatCount(column.count)} records`}
        >
          {formatCount(column.count)}
        </Badge>
      </Group>
      <Box
        px="sm"
        pb="sm"
        onScroll={loadMoreNearBottom}
        data-testid="column-scroll"
        style={{ overflowY: 'auto', flex: 1, minHeight: 80 }}
      >
        {column.items.length === 0 ? (
          <Center h={80}>
            <Text size="sm" c="dimmed">
              {messages.records.emptyColumn}
            </Text>
          </Center>
        ) : (
          <Stack gap={8}>
            {column.items.map((card) => (
              <DraggableBoardCard
                key={card._id}
                selected={selected}
                card={card}
                statusId={column.status._id}
                members={members}
                timeZone={timeZone}
                onOpen={onOpenItem}
              />
            ))}
            {loadingMore && (
              <Center py="xs">
                <Loader size="sm" aria-label="Loading more cards" />
              </Center>
            )}
          </Stack>
        )}
      </Box>
    </Paper>
  );
}
