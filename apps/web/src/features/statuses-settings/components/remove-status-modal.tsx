import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages, type StatusDto } from '@prospector/core';
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
    <Modal opened={status !== null} onClose={onClose} title={<Text fw={700}>Remove status</Text>}>
      <Stack gap="lg">
        <Text size="sm">
          Remove the status <b>{status?.text}</b>? {messages.records.removeStatusConfirm}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => status && remove.mutate(status, { onSuccess: onClose })}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
