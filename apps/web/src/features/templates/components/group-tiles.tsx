import { useState, type ReactNode } from 'react';
import { ActionIcon, Box, Group, Menu, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { IconDots, IconFolder, IconFolderOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TemplateGroupDto } from '@prospector/core';
import { useAddGroup } from '../api/add-group';
import { useEditGroupName } from '../api/edit-group-name';
import { GroupNameForm } from './group-name-form';
import classes from './templates.module.css';

/** What a tile receives when a template card is dropped on it ('' is Unused). */
export type GroupDropData = { groupId: string };

export const UNUSED = '';

const countLabel = (count: number) => (count === 1 ? '1 template' : `${count} templates`);

type DropTileProps = {
  groupId: string;
  selected: boolean;
  onSelect: () => void;
  icon: ReactNode;
  name: ReactNode;
  label: string;
  count: number;
  menu?: ReactNode;
  onRename?: () => void;
};

/** A tile a template can be dropped on; clicking it shows its templates below. */
function DropTile({ groupId, selected, onSelect, icon, name, label, count, menu, onRename }: DropTileProps) {
  const { setNodeRef, isOver } = useDroppable({
    id: `group:${groupId}`,
    data: { groupId } satisfies GroupDropData,
  });
  return (
    <Box ref={setNodeRef} className={classes.tile} mod={{ selected, over: isOver }} data-group-tile={groupId}>
      <UnstyledButton
        className={classes.tileButton}
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={label}
      >
        <ThemeIcon variant="light" color={groupId === UNUSED ? 'gray' : 'brand'} radius="md" size={30}>
          {icon}
        </ThemeIcon>
        <div>
          <Text
            fw={650}
            size="sm"
            truncate
            onDoubleClick={onRename}
            title={typeof name === 'string' ? name : undefined}
          >
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {countLabel(count)}
          </Text>
        </div>
      </UnstyledButton>
      {menu && <div className={classes.tileMenu}>{menu}</div>}
    </Box>
  );
}

type GroupTileProps = {
  group: TemplateGroupDto;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
};

/** A template group: its name (double-click to rename), its template count, and a menu. */
export function GroupTile({ group, selected, onSelect, onRemove }: GroupTileProps) {
  const [renaming, setRenaming] = useState(false);
  const rename = useEditGroupName();
  if (renaming)
    return (
      <Box className={classes.tile} mod={{ selected }} p="sm" data-group-tile={group._id}>
        <GroupNameForm
          initial={group.name}
          pending={rename.isPending}
          onCancel={() => setRenaming(false)}
          onSave={(name) =>
            rename.mutate({ groupId: group._id, name }, { onSuccess: () => setRenaming(false) })
          }
        />
      </Box>
    );
  return (
    <DropTile
      groupId={group._id}
      selected={selected}
      onSelect={onSelect}
      icon={<IconFolder size={17} />}
      name={group.name}
      label={`${group.name}, ${countLabel(group.count)}`}
      count={group.count}
      onRename={() => setRenaming(true)}
      menu={
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${group.name}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setRenaming(true)}>
              Rename
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onRemove}>
              Remove group
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      }
    />
  );
}

type UnusedTileProps = { count: number; selected: boolean; onSelect: () => void };

/** Templates in no group: a campaign never sends them. Dropping a template here takes it out of its group. */
export function UnusedTile({ count, selected, onSelect }: UnusedTileProps) {
  return (
    <DropTile
      groupId={UNUSED}
      selected={selected}
      onSelect={onSelect}
      icon={<IconFolderOff size={17} />}
      name="Unused"
      label={`Unused, ${countLabel(count)}`}
      count={count}
    />
  );
}

/** The last tile: a new group, named in place. */
export function AddGroupTile({ onAdded }: { onAdded: (groupId: string) => void }) {
  const [adding, setAdding] = useState(false);
  const add = useAddGroup();
  return (
    <Box className={classes.tile} data-variant={adding ? undefined : 'add'} p={adding ? 'sm' : 0}>
      {adding ? (
        <GroupNameForm
          pending={add.isPending}
          onCancel={() => setAdding(false)}
          onSave={(name) =>
            add.mutate(name, {
              onSuccess: (group) => {
                setAdding(false);
                onAdded(group._id);
              },
            })
          }
        />
      ) : (
        <UnstyledButton className={classes.addButton} onClick={() => setAdding(true)}>
          <Group gap={8}>
            <IconPlus size={16} />
            Add Group
          </Group>
        </UnstyledButton>
      )}
    </Box>
  );
}
