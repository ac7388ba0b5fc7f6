import type { MouseEvent, ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import {
  IconAlertTriangle,
  IconBuilding,
  IconCalendar,
  IconGripVertical,
  IconHome,
  IconSpeakerphone,
  IconUsers,
} from '@tabler/icons-react';
import { messages, type ListDto } from '@prospector/core';
import { formatDate } from '../../../lib/format';
import { plural } from '../utils/list-format';
import { ImportProgress } from './import-progress';
import { ImportSummary } from './import-summary';
import { ListCardMenu } from './list-card-menu';
import { ListNameInput } from './list-name-input';
import classes from './lists.module.css';

export type ListCardProps = {
  list: ListDto;
  timeZone?: string | null;
  selected: boolean;
  /** Drag and the move menu are off while the page is filtered (positions are the team's). */
  canReorder: boolean;
  onSelect: (listId: string) => void;
  onMoveUp: (() => void) | null;
  onMoveDown: (() => void) | null;
  onCreateCampaign: (listId: string) => void;
  /** null: the viewer may not delete, rename or move lists (no `import` permission). */
  onDelete: ((list: ListDto) => void) | null;
};

const STATE_BADGE = {
  importing: { color: 'brand', label: 'Importing' },
  imported: { color: 'teal', label: 'Imported' },
  failed: { color: 'red', label: 'Failed' },
} as const;

function Count({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={5} wrap="nowrap">
      {icon}
      <Text size="sm" c="gray.7">
        {children}
      </Text>
    </Group>
  );
}

/** Clicks on the card's own controls do not select it. */
function fromControl(event: MouseEvent): boolean {
  return (event.target as HTMLElement).closest('button, a, input, [role="menuitem"]') !== null;
}

/** One list: editable name, counts, and the import's progress, failure or result (spec part 2 §2). */
export function ListCard(props: ListCardProps) {
  const { list, timeZone, selected, canReorder, onSelect, onCreateCampaign } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: list._id,
    disabled: !canReorder,
  });
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id: list._id, disabled: !canReorder });
  const ref = useMergedRef(setNodeRef, setDropRef);
  const badge = STATE_BADGE[list.state];
  return (
    <Paper
      ref={ref}
      component="article"
      aria-label={list.name}
      data-list-id={list._id}
      withBorder
      radius="lg"
      p="md"
      className={classes.card}
      mod={{ selected, 'drop-target': isOver && !isDragging }}
      style={{ opacity: isDragging ? 0.4 : 1 }}
      onClick={(event: MouseEvent) => {
        if (!fromControl(event)) onSelect(list._id);
      }}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="center">
          {canReorder && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              size="sm"
              className={classes.handle}
              {...attributes}
              {...listeners}
              aria-label={`Drag ${list.name} to another position`}
            >
              <IconGripVertical size={16} />
            </ActionIcon>
          )}
          <ListNameInput list={list} readOnly={!props.onDelete} />
          <Badge color={badge.color} variant="light" radius="sm" tt="none" fw={600}>
            {badge.label}
          </Badge>
          <Button variant="subtle" size="compact-sm" onClick={() => onSelect(list._id)}>
            Stats
          </Button>
          <ListCardMenu
            listId={list._id}
            listName={list.name}
            onMoveUp={props.onMoveUp}
            onMoveDown={props.onMoveDown}
            onDelete={props.onDelete ? () => props.onDelete?.(list) : null}
          />
        </Group>
        <Group gap="lg" wrap="wrap" pl={canReorder ? 30 : 0}>
          <Count icon={<IconCalendar size={15} color="var(--mantine-color-gray-6)" />}>
            Created {formatDate(list.createdAt, timeZone)}
          </Count>
          <Count icon={<IconUsers size={15} color="var(--mantine-color-gray-6)" />}>
            {plural(list.itemCount, 'contact')}
          </Count>
          <Count icon={<IconHome size={15} color="var(--mantine-color-gray-6)" />}>
            {plural(list.propCount, 'property', 'properties')}
          </Count>
          <Count icon={<IconBuilding size={15} color="var(--mantine-color-gray-6)" />}>
            {plural(list.compCount, 'company', 'companies')}
          </Count>
        </Group>
        <Divider color="gray.2" />
        <Box pl={canReorder ? 30 : 0}>
          {list.state === 'importing' && <ImportProgress list={list} timeZone={timeZone} />}
          {list.state === 'failed' && (
            <Group gap={8} wrap="nowrap" align="flex-start">
              <IconAlertTriangle size={18} color="var(--mantine-color-red-7)" style={{ flexShrink: 0 }} />
              <Text size="sm" c="red.7">
                {list.error ?? 'The import failed.'}
              </Text>
            </Group>
          )}
          {list.state === 'imported' && (
            <Group justify="space-between" align="flex-end" gap="md" wrap="nowrap">
              <ImportSummary result={list.result} />
              <Button
                leftSection={<IconSpeakerphone size={16} />}
                variant="light"
                onClick={() => onCreateCampaign(list._id)}
                style={{ flexShrink: 0 }}
              >
                {messages.lists.noCampaignYet}
              </Button>
            </Group>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
