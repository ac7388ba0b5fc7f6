import type { ReactNode } from 'react';
import { ActionIcon, Box, Group, MultiSelect, Paper, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { IconTrash, IconUsers } from '@tabler/icons-react';
import type { DataSection } from '@prospector/core';
import { sectionDragId, sectionDropId } from '../utils/sections-edit';
import { DragHandle } from './drag-handle';
import classes from './data-fields.module.css';

export type MemberOption = { _id: string; name: string };

type SectionCardProps = {
  section: DataSection;
  members: MemberOption[];
  selected: boolean;
  onSelect: () => void;
  onChange: (change: Partial<DataSection>) => void;
  onRemove: () => void;
  children: ReactNode;
};

/** Where fields are dropped: the section's body, so an empty section takes fields too. */
function FieldsDropZone({
  sectionId,
  empty,
  children,
}: {
  sectionId: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: sectionDropId(sectionId) });
  return (
    <Box ref={setNodeRef} className={classes.fields} mod={{ over: isOver }}>
      {empty ? (
        <Text size="sm" c="dimmed" ta="center" py="sm">
          No fields yet: pick a type on the left, or drag a field here.
        </Text>
      ) : (
        children
      )}
    </Box>
  );
}

/** One section: drag handle, name, who sees it, whether it shows, delete, and its fields. */
export function SectionCard(props: SectionCardProps) {
  const { section, members, selected, onSelect, onChange, onRemove, children } = props;
  const drag = useDraggable({ id: sectionDragId(section._id) });
  const drop = useDroppable({ id: sectionDragId(section._id) });
  const ref = useMergedRef(drag.setNodeRef, drop.setNodeRef);
  const name = section.name || 'Untitled section';
  // A member who left the team would otherwise show as a bare id.
  const data = members.map((m) => ({ value: m._id, label: m.name }));
  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      className={classes.section}
      mod={{ selected, dragging: drag.isDragging, over: drop.isOver && !drag.isDragging }}
      onPointerDownCapture={onSelect}
      onFocusCapture={onSelect}
      role="region"
      aria-label={`Section ${name}`}
      data-section-id={section._id}
    >
      <Group gap="sm" wrap="nowrap" className={classes.sectionHeader}>
        <DragHandle label={`Move section ${name}`} drag={drag} />
        <TextInput
          flex={1}
          miw={140}
          aria-label="Section name"
          placeholder="Section name"
          fw={600}
          value={section.name}
          disabled={section.system}
          className={section.system ? classes.lockedName : undefined}
          error={!section.system && !section.name.trim()}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
        />
        <MultiSelect
          w={230}
          aria-label={`Who sees ${name}`}
          placeholder={section.users.length && !section.system ? undefined : 'Everyone'}
          disabled={section.system}
          leftSection={<IconUsers size={15} />}
          data={data}
          value={section.system ? [] : section.users.filter((id) => data.some((d) => d.value === id))}
          onChange={(users) => onChange({ users })}
          searchable
          clearable
          maxDropdownHeight={240}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label="Visible"
          aria-label={`Visible: ${name}`}
          checked={!section.hidden}
          onChange={(e) => onChange({ hidden: !e.currentTarget.checked })}
        />
        <Tooltip label={section.system ? 'Built-in section: it cannot be deleted' : 'Delete section'}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete section ${name}`}
            disabled={section.system}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <FieldsDropZone sectionId={section._id} empty={section.fields.length === 0}>
        {children}
      </FieldsDropZone>
    </Paper>
  );
}
