import { ActionIcon, Badge, Box, Group, Stack, Switch, TextInput, Tooltip } from '@mantine/core';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useMergedRef } from '@mantine/hooks';
import { IconLock, IconTrash } from '@tabler/icons-react';
import type { DataField, FieldConfig } from '@prospector/core';
import { fieldDragId } from '../utils/sections-edit';
import { CategoryOptions } from './category-options';
import { FieldTypeIcon } from './field-type-icon';
import { DragHandle } from './drag-handle';
import classes from './data-fields.module.css';

type FieldRowProps = {
  field: DataField;
  onChange: (change: Partial<DataField>) => void;
  onRemove: () => void;
};

/** The type's own switch: multi-pick categories, multi-line texts, locations on Google Maps. */
const CONFIG_SWITCH: Partial<Record<DataField['type'], { key: keyof FieldConfig; label: string }>> = {
  Category: { key: 'multipick', label: 'Multiple choice' },
  Text: { key: 'multiline', label: 'Multiline' },
  Location: { key: 'maps', label: 'Google Maps' },
};

/** One field: drag handle, name, type, its type's settings, and delete (not for system fields). */
export function FieldRow({ field, onChange, onRemove }: FieldRowProps) {
  const drag = useDraggable({ id: fieldDragId(field._id) });
  const drop = useDroppable({ id: fieldDragId(field._id) });
  const ref = useMergedRef(drag.setNodeRef, drop.setNodeRef);
  const flag = CONFIG_SWITCH[field.type];
  const name = field.name || 'Untitled field';
  return (
    <Box
      ref={ref}
      className={classes.fieldRow}
      mod={{ dragging: drag.isDragging, over: drop.isOver && !drag.isDragging }}
      data-field-row={field._id}
    >
      <Stack gap={8}>
        <Group gap="sm" wrap="nowrap">
          <DragHandle label={`Move field ${name}`} drag={drag} />
          <TextInput
            flex={1}
            size="sm"
            aria-label="Field name"
            placeholder="Field name"
            value={field.name}
            readOnly={field.system}
            className={field.system ? classes.lockedName : undefined}
            error={!field.system && !field.name.trim()}
            onChange={(e) => onChange({ name: e.currentTarget.value })}
          />
          <Box w={120}>
            <Badge
              className={classes.typeBadge}
              variant="light"
              color="gray"
              radius="sm"
              size="md"
              leftSection={<FieldTypeIcon type={field.type} size={13} />}
            >
              {field.type}
            </Badge>
          </Box>
          <Box w={150}>
            {flag && !field.system && (
              <Switch
                size="xs"
                label={flag.label}
                aria-label={`${flag.label}: ${name}`}
                checked={field.config[flag.key] ?? false}
                onChange={(e) =>
                  onChange({ config: { ...field.config, [flag.key]: e.currentTarget.checked } })
                }
              />
            )}
          </Box>
          {field.system ? (
            <Tooltip label="Built-in field: it can be moved but not deleted">
              <ActionIcon variant="transparent" color="gray" aria-label={`${name} is built in`}>
                <IconLock size={15} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <ActionIcon variant="subtle" color="red" aria-label={`Delete field ${name}`} onClick={onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        {field.type === 'Category' && (
          <Box className={classes.config}>
            <CategoryOptions
              fieldName={name}
              options={field.options}
              readOnly={field.system}
              onChange={(options) => onChange({ options })}
            />
          </Box>
        )}
      </Stack>
    </Box>
  );
}
