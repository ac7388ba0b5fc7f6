import { useState } from 'react';
import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import type { ImportTarget, RecordType } from '@prospector/core';
import { targetName, type ColumnMapping } from '../utils/column-mapping';
import { ChipFace, ColumnList, type ColumnDragData } from './column-list';
import { TargetGrid, type TargetDropData } from './target-grid';
import classes from './import.module.css';

/** A chip moves only after the pointer travels a little, so a click still selects it. */
const DRAG_START_DISTANCE_PX = 6;

/** The field under the pointer; the one the chip overlaps most when the pointer is off every field. */
const fieldCollision: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

type ColumnMapperProps = {
  columns: readonly string[];
  mapping: ColumnMapping;
  targets: readonly ImportTarget[];
  customKeys: ReadonlySet<string>;
  error: string | null;
  onMap: (column: number, target: ImportTarget) => void;
  onClear: (column: number) => void;
  onCreateField?: (column: number, type: RecordType) => void;
  creating?: number | null;
};

/** Columns on the left, fields on the right: drag one onto the other, or click one and then the other. */
export function ColumnMapper(props: ColumnMapperProps) {
  const { columns, mapping, targets, customKeys, error, onMap, onClear, onCreateField, creating } = props;
  const [selected, setSelected] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
  );
  const mappedCount = mapping.filter(Boolean).length;
  const nameOf = (id: unknown) => columns[Number(String(id).replace('column-', ''))] ?? '';
  const fieldOf = (over: { data: { current?: unknown } }) => {
    const target = (over.data.current as TargetDropData | undefined)?.target;
    return target ? targetName(target) : 'no field';
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up column ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Column ${nameOf(active.id)} is over ${fieldOf(over)}.`
        : `Column ${nameOf(active.id)} is over no field.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Column ${nameOf(active.id)} was dropped on ${fieldOf(over)}.`
        : `Column ${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Dragging column ${nameOf(active.id)} was cancelled.`,
  };

  function handleDragStart({ active }: DragStartEvent) {
    setSelected(null);
    setDragged((active.data.current as ColumnDragData | undefined)?.column ?? null);
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const column = (active.data.current as ColumnDragData | undefined)?.column;
    const target = (over?.data.current as TargetDropData | undefined)?.target;
    if (column !== undefined && target) onMap(column, target);
  }

  function pickTarget(target: ImportTarget) {
    if (selected === null) return;
    onMap(selected, target);
    setSelected(null);
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Map columns">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={700}>Map columns to fields</Text>
            <Text size="sm" c="dimmed">
              Drag a column onto a field, or click a column and then a field. Phone and Email take several
              columns; a Country column sets the country each row's phones are read in. A column no field fits
              can have a new field: New field.
            </Text>
          </Stack>
          <Badge
            variant="light"
            color={mappedCount > 0 ? 'brand' : 'gray'}
            size="lg"
            radius="sm"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {mappedCount} of {columns.length} mapped
          </Badge>
        </Group>
        {error && (
          <Text size="sm" c="red.7" fw={500}>
            {error}
          </Text>
        )}
        <DndContext
          sensors={sensors}
          collisionDetection={fieldCollision}
          // The fields stay in view (sticky) while the page scrolls, so their boxes are read again.
          measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: 'Press Enter to select this column, then choose the field it fills.',
            },
          }}
          onDragStart={handleDragStart}
          onDragEnd={handleDragEnd}
          onDragCancel={() => setDragged(null)}
        >
          <Box className={classes.mapper}>
            <Stack gap={8}>
              <Text fw={700} size="sm">
                Spreadsheet columns
              </Text>
              <ColumnList
                columns={columns}
                mapping={mapping}
                selected={selected}
                onToggle={(index) => setSelected((current) => (current === index ? null : index))}
                onClear={onClear}
                onCreateField={onCreateField}
                creating={creating}
              />
            </Stack>
            <Stack gap={10} className={classes.targets}>
              <Text
                fw={700}
                size="sm"
                c={selected === null ? undefined : 'brand.7'}
                aria-live="polite"
                truncate
              >
                {selected === null ? 'Fields' : `Pick the field for “${columns[selected]}”`}
              </Text>
              <TargetGrid
                targets={targets}
                customKeys={customKeys}
                columns={columns}
                mapping={mapping}
                armed={selected !== null}
                onPick={pickTarget}
              />
            </Stack>
          </Box>
          <DragOverlay>
            {dragged !== null ? <ChipFace name={columns[dragged] ?? ''} data-overlay tabIndex={-1} /> : null}
          </DragOverlay>
        </DndContext>
      </Stack>
    </Paper>
  );
}
