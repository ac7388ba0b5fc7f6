import { Fragment, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { TabHeader } from '../../../components/tab-header';

type Item = { _id: string };

/** The mutation that removes an item by its id (the feature's remove hooks). */
type RemoveItem = {
  mutate(id: string, options: { onSuccess: () => void }): void;
  isPending: boolean;
};

type TemplateItemsScreenProps<T extends Item> = {
  items: T[];
  /** The tab's one-line explanation. */
  description: string;
  empty: { icon: ReactNode; title: string; description: string };
  /** The add button's label, also the list's main action once it has items. */
  addLabel: string;
  row: (item: T, actions: { onEdit: () => void; onRemove: () => void }) => ReactNode;
  /** The add (item null) or edit modal. */
  modal: (item: T | null, onClose: () => void) => ReactNode;
  remove: RemoveItem;
  /** The confirmation before an item goes; its question is given null while the modal closes. */
  confirm: { title: string; confirmLabel: string; question: (item: T | null) => ReactNode };
};

/**
 * One tab of Template Settings that lists items a user adds, edits and removes (Quick Replies,
 * Subtemplates): the explanation and Add, the empty state, the rows, the add/edit modal and the
 * confirmation before removal.
 */
export function TemplateItemsScreen<T extends Item>(props: TemplateItemsScreenProps<T>) {
  const { items, description, empty, addLabel, row, modal, remove, confirm } = props;
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [toRemove, setToRemove] = useState<T | null>(null);
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>
      {addLabel}
    </Button>
  );
  return (
    <Stack gap="lg">
      <TabHeader description={description} action={items.length > 0 ? addButton : undefined} />
      {items.length === 0 ? (
        <EmptyState {...empty} action={addButton} />
      ) : (
        <Stack gap="sm">
          {items.map((item) => (
            <Fragment key={item._id}>
              {row(item, { onEdit: () => setEditing({ item }), onRemove: () => setToRemove(item) })}
            </Fragment>
          ))}
        </Stack>
      )}
      {editing && modal(editing.item, () => setEditing(null))}
      <ConfirmModal
        opened={toRemove !== null}
        title={confirm.title}
        confirmLabel={confirm.confirmLabel}
        pending={remove.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() => toRemove && remove.mutate(toRemove._id, { onSuccess: () => setToRemove(null) })}
      >
        {confirm.question(toRemove)}
      </ConfirmModal>
    </Stack>
  );
}

type TemplateItemRowProps = {
  /** The row's accessible name, and the object of its Edit and Remove buttons. */
  name: string;
  /** The remove button's verb: 'Delete' or 'Remove'. */
  removeVerb: string;
  /** A one-line row (a quick reply) is shorter than a row of options (a subtemplate). */
  compact?: boolean;
  onEdit: () => void;
  onRemove: () => void;
  children: ReactNode;
};

/** An item's card: what it holds, then Edit and Remove. */
export function TemplateItemRow({
  name,
  removeVerb,
  compact,
  onEdit,
  onRemove,
  children,
}: TemplateItemRowProps) {
  const padding = compact ? { px: 'md', py: 'sm' } : { p: 'md' };
  return (
    <Paper withBorder radius="lg" {...padding} component="article" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" align={compact ? undefined : 'flex-start'} gap="md">
        {children}
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={`Edit ${name}`}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={removeVerb} withArrow>
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`${removeVerb} ${name}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
