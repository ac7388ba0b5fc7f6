import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconDownload,
  IconExternalLink,
  IconPhoneOff,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@prospector/core';

type ListCardMenuProps = {
  listId: string;
  listName: string;
  /** null: this move is not possible (first or last, or the page is filtered). */
  onMoveUp: (() => void) | null;
  onMoveDown: (() => void) | null;
  /** null: the viewer only opens lists. */
  onDelete: (() => void) | null;
};

export function ListCardMenu({ listId, listName, onMoveUp, onMoveDown, onDelete }: ListCardMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${listName}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={paths.list.href({ id: listId })}
          leftSection={<IconExternalLink size={16} />}
        >
          Open list
        </Menu.Item>
        <Menu.Item component={Link} to={paths.exportContacts} leftSection={<IconDownload size={16} />}>
          Export contacts
        </Menu.Item>
        {onDelete && (
          <>
            <Menu.Item component={Link} to={paths.importDnc} leftSection={<IconPhoneOff size={16} />}>
              Import DNC phones
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconArrowUp size={16} />}
              disabled={!onMoveUp}
              onClick={() => onMoveUp?.()}
            >
              Move up
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowDown size={16} />}
              disabled={!onMoveDown}
              onClick={() => onMoveDown?.()}
            >
              Move down
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              Delete list
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
