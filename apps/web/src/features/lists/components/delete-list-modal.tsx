import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { messages, type ListDto } from '@prospector/core';
import { useRemoveList } from '../api/remove-list';

type DeleteListModalProps = {
  /** The list to delete; null: the modal is closed. */
  list: Pick<ListDto, '_id' | 'name' | 'state'> | null;
  onClose: () => void;
};

/** Asks before a list is deleted, and says why a list still importing cannot be. */
export function DeleteListModal({ list, onClose }: DeleteListModalProps) {
  const remove = useRemoveList();
  const importing = list?.state === 'importing';

  function confirm() {
    if (!list) return;
    remove.mutate(list._id, { onSuccess: onClose });
  }

  return (
    <Modal
      opened={list !== null}
      onClose={onClose}
      title={<Text fw={700}>Delete list</Text>}
      centered
      radius="lg"
    >
      {list && (
        <Stack gap="md">
          {importing ? (
            <Alert color="brand" variant="light" icon={<IconInfoCircle size={18} />}>
              {messages.lists.listImporting}
            </Alert>
          ) : (
            <Text size="sm">
              Delete <b>{list.name}</b>? Its contacts, properties and companies stay in your data and in the
              other lists they belong to; only the list goes.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              {importing ? 'Close' : 'Cancel'}
            </Button>
            {!importing && (
              <Button color="red" onClick={confirm} loading={remove.isPending}>
                Delete list
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
