import { messages, type ListDto } from '@prospector/core';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useRemoveList } from '../api/remove-list';

type DeleteListModalProps = {
  /** The list to delete; null: the modal is closed. */
  list: Pick<ListDto, '_id' | 'name' | 'state'> | null;
  onClose: () => void;
};

/** Asks before a list is deleted, and says why a list still importing cannot be. */
export function DeleteListModal({ list, onClose }: DeleteListModalProps) {
  const remove = useRemoveList();
  return (
    <ConfirmModal
      opened={list !== null}
      title="Delete list"
      confirmLabel="Delete list"
      blocked={list?.state === 'importing' ? messages.lists.listImporting : undefined}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => list && remove.mutate(list._id, { onSuccess: onClose })}
    >
      Delete <b>{list?.name}</b>? Its contacts, properties and companies stay in your data and in the other
      lists they belong to; only the list goes.
    </ConfirmModal>
  );
}
