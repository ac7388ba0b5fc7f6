import type { KeyboardEventHandler, PointerEventHandler } from 'react';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconAlertTriangle, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TemplateDto } from '@prospector/core';
import { TemplateText } from './template-text';
import classes from './templates.module.css';

/** What a dragged card carries. */
export type TemplateDragData = { template: TemplateDto };

function Meta({ template }: { template: TemplateDto }) {
  return (
    <Group gap={8}>
      <Text size="xs" c="dimmed">
        {template.text.length} characters
      </Text>
      {template.blockedCount > 0 && (
        <Badge
          size="sm"
          color="red"
          variant="light"
          radius="sm"
          tt="none"
          leftSection={<IconAlertTriangle size={12} />}
        >
          Blocked {template.blockedCount} {template.blockedCount === 1 ? 'time' : 'times'}
        </Badge>
      )}
    </Group>
  );
}

type TemplateCardProps = { template: TemplateDto; onEdit: () => void; onRemove: () => void };

/**
 * One template: its text with the placeholders marked, its length, how often carriers blocked it.
 * The card is dragged (by the pointer anywhere on it, or from its grip with the keyboard) onto a group.
 */
export function TemplateCard({ template, onEdit, onRemove }: TemplateCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: template._id,
    data: { template } satisfies TemplateDragData,
  });
  // The pointer drags from anywhere on the card; the keyboard only from the grip, so Enter on Edit edits.
  const onPointerDown = listeners?.onPointerDown as PointerEventHandler<HTMLElement> | undefined;
  const onKeyDown = listeners?.onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined;
  return (
    <Paper
      ref={setNodeRef}
      component="article"
      aria-label="Template"
      data-template-id={template._id}
      withBorder
      radius="lg"
      p="md"
      className={classes.card}
      mod={{ dragging: isDragging }}
      onPointerDown={onPointerDown}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.handle}
          {...attributes}
          onKeyDown={onKeyDown}
          aria-label="Drag this template onto a group"
        >
          <IconGripVertical size={16} />
        </ActionIcon>
        <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
          <TemplateText text={template.text} />
          <Meta template={template} />
        </Stack>
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label="Edit template">
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove" withArrow>
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label="Remove template">
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/** The floating copy under the pointer while a card is dragged. */
export function TemplateCardOverlay({ template }: { template: TemplateDto }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      className={classes.overlay}
      data-drag-overlay-for={template._id}
      maw={420}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconGripVertical
          size={16}
          color="var(--mantine-color-gray-6)"
          style={{ flexShrink: 0, marginTop: 3 }}
        />
        <TemplateText text={template.text} lineClamp={3} />
      </Group>
    </Paper>
  );
}
