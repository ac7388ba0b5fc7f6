import { messages, type StatusDto } from '@prospector/core';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useRemoveStatus } from '../api/remove-status';
import type { OnStatusesChanged } from '../api/statuses-keys';

type RemoveStatusModalProps = {
  /** The status to remove; null: closed. */
  status: StatusDto | null;
  onClose: () => void;
  onChanged?: OnStatusesChanged;
};

/** Asks before a custom status goes, saying what becomes of its records. */
export function RemoveStatusModal({ status, onClose, onChanged }: RemoveStatusModalProps) {
  const remove = useRemoveStatus(onChanged);
  return (
    <ConfirmModal
      opened={status !== null}
      title="Remove status"
      confirmLabel="Remove"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => status && remove.mutate(status, { onSuccess: onClose })}
    >
      Remove the status <b>{status?.text}</b>? {messages.records.removeStatusConfirm}
    </ConfirmModal>
  );
}
