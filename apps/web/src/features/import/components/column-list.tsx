import type { ComponentPropsWithRef } from 'react';
import { Button, CloseButton, Group, Menu, Stack, Text } from '@mantine/core';
import type { RecordType } from '@prospector/core';
import { useDraggable } from '@dnd-kit/core';
import { IconArrowRight, IconGripVertical, IconPlus } from '@tabler/icons-react';
import { targetName, type ColumnMapping } from '../utils/column-mapping';
import classes from './import.module.css';

export type ColumnDragData = { column: number };

type ChipFaceProps = ComponentPropsWithRef<'button'> & { name: string };

/** How a column looks: a grip and its header. Also the floating copy while it is dragged. */
export function ChipFace({ name, ref, ...props }: ChipFaceProps) {
  return (
    <button type="button" ref={ref} className={classes.chip} {...props}>
      <IconGripVertical size={14} stroke={1.6} aria-hidden style={{ flexShrink: 0, opacity: 0.6 }} />
      <Text span inherit truncate>
        {name}
      </Text>
    </button>
  );
}

type ColumnChipProps = { index: number; name: string; selected: boolean; onToggle: (index: number) => void };

/** A spreadsheet column: drag it onto a field, or click it and then click a field. */
function ColumnChip({ index, name, selected, onToggle }: ColumnChipProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `column-${index}`,
    data: { column: index } satisfies ColumnDragData,
  });
  return (
    <ChipFace
      ref={setNodeRef}
      name={name}
      {...attributes}
      {...listeners}
      aria-label={name}
      aria-pressed={selected}
      data-dragging={isDragging || undefined}
      onClick={() => onToggle(index)}
    />
  );
}

type ColumnListProps = {
  columns: readonly string[];
  mapping: ColumnMapping;
  selected: number | null;
  onToggle: (index: number) => void;
  onClear: (index: number) => void;
  /** Makes a field of that entity for an unmapped column and maps the column to it. */
  onCreateField?: (index: number, type: RecordType) => void;
  /** The column whose field is being made. */
  creating?: number | null;
};

const ENTITY_LABELS: [RecordType, string][] = [
  ['property', 'Property field'],
  ['contact', 'Contact field'],
  ['company', 'Company field'],
];

/** Every column of the file with the field it fills, or 'Not mapped'. */
export function ColumnList({
  columns,
  mapping,
  selected,
  onToggle,
  onClear,
  onCreateField,
  creating = null,
}: ColumnListProps) {
  return (
    <Stack gap={6} component="ul" aria-label="Spreadsheet columns" p={0} m={0} style={{ listStyle: 'none' }}>
      {columns.map((name, index) => {
        const target = mapping[index] ?? null;
        return (
          <Stack
            key={index}
            component="li"
            gap={2}
            px={8}
            py={6}
            data-column-row={index}
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              background: selected === index ? 'var(--mantine-color-brand-0)' : 'var(--mantine-color-gray-0)',
            }}
          >
            <Group gap={6} wrap="nowrap" justify="space-between">
              <ColumnChip index={index} name={name} selected={selected === index} onToggle={onToggle} />
              {target && (
                <CloseButton
                  size="sm"
                  aria-label={`Clear the mapping of ${name}`}
                  onClick={() => onClear(index)}
                />
              )}
            </Group>
            <Group gap={4} wrap="nowrap" pl={4}>
              {target ? (
                <>
                  <IconArrowRight size={12} color="var(--mantine-color-brand-6)" aria-hidden />
                  <Text size="xs" fw={600} c="brand.7" truncate>
                    {targetName(target)}
                  </Text>
                </>
              ) : (
                <Group gap={6} wrap="nowrap" justify="space-between" w="100%">
                  <Text size="xs" c="dimmed">
                    Not mapped
                  </Text>
                  {onCreateField && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button
                          variant="subtle"
                          size="compact-xs"
                          leftSection={<IconPlus size={12} />}
                          loading={creating === index}
                          aria-label={`New field for ${name}`}
                        >
                          New field
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Label>Make a field “{name}” on</Menu.Label>
                        {ENTITY_LABELS.map(([type, label]) => (
                          <Menu.Item key={type} onClick={() => onCreateField(index, type)}>
                            {label}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Group>
              )}
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
