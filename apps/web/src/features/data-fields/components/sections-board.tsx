import { useState } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { DataSection } from '@prospector/core';
import {
  moveField,
  moveSection,
  parseDragId,
  removeField,
  updateField,
  updateSection,
  type DragTarget,
} from '../utils/sections-edit';
import { FieldRow } from './field-row';
import { SectionCard, type MemberOption } from './section-card';
import classes from './data-fields.module.css';

/** The pointer must travel a little before a drag starts, so clicks and typing keep working. */
const DRAG_START_DISTANCE_PX = 6;

// A dragged section lands only on sections; a dragged field on fields or a section's body.
const byKind: CollisionDetection = (args) => {
  const kind = parseDragId(args.active.id)?.kind;
  const droppableContainers = args.droppableContainers.filter((c) => {
    const target = parseDragId(c.id)?.kind;
    return kind === 'section' ? target === 'section' : target === 'field' || target === 'drop';
  });
  return closestCenter({ ...args, droppableContainers });
};

type SectionsBoardProps = {
  sections: DataSection[];
  members: MemberOption[];
  selectedId: string | null;
  onSelect: (sectionId: string) => void;
  onChange: (sections: DataSection[]) => void;
  onRemoveSection: (section: DataSection) => void;
};

/** The entity's sections as cards with their fields; both reorder by dragging their handles. */
export function SectionsBoard({
  sections,
  members,
  selectedId,
  onSelect,
  onChange,
  onRemoveSection,
}: SectionsBoardProps) {
  const [dragged, setDragged] = useState<DragTarget | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
    useSensor(KeyboardSensor),
  );

  function handleDragStart({ active }: DragStartEvent) {
    setDragged(parseDragId(active.id));
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const from = parseDragId(active.id);
    const to = over ? parseDragId(over.id) : null;
    if (!from || !to || active.id === over?.id) return;
    if (from.kind === 'section' && to.kind === 'section') onChange(moveSection(sections, from.id, to.id));
    if (from.kind === 'field') onChange(moveField(sections, from.id, to));
  }

  const overlayLabel =
    dragged?.kind === 'section'
      ? sections.find((s) => s._id === dragged.id)?.name
      : sections.flatMap((s) => s.fields).find((f) => f._id === dragged?.id)?.name;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={byKind}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <Stack gap="md" aria-label="Sections">
        {sections.map((section) => (
          <SectionCard
            key={section._id}
            section={section}
            members={members}
            selected={section._id === selectedId}
            onSelect={() => onSelect(section._id)}
            onChange={(change) => onChange(updateSection(sections, section._id, change))}
            onRemove={() => onRemoveSection(section)}
          >
            {section.fields.map((field) => (
              <FieldRow
                key={field._id}
                field={field}
                onChange={(change) => onChange(updateField(sections, field._id, change))}
                onRemove={() => onChange(removeField(sections, field._id))}
              />
            ))}
          </SectionCard>
        ))}
      </Stack>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <Group gap="xs" px="md" py="sm" className={classes.overlay} wrap="nowrap">
            <IconGripVertical size={16} />
            <Text size="sm" fw={600}>
              {overlayLabel || 'Untitled'}
            </Text>
            <Badge size="xs" variant="light" color="gray">
              {dragged.kind === 'section' ? 'Section' : 'Field'}
            </Badge>
          </Group>
        )}
      </DragOverlay>
    </DndContext>
  );
}
