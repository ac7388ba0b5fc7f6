import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useAddStatus } from '../api/add-status';
import type { OnStatusesChanged } from '../api/statuses-keys';
import { statusTextError } from './status-text-error';

type AddStatusModalProps = {
  opened: boolean;
  /** The texts of the team's statuses: a new one may not repeat them. */
  existing: readonly string[];
  onClose: () => void;
  onChanged?: OnStatusesChanged;
};

/** Names a new status; DNC-like and repeated names are refused as they are typed (spec part 2 §5). */
export function AddStatusModal({ opened, existing, onClose, onChanged }: AddStatusModalProps) {
  const [text, setText] = useState('');
  const add = useAddStatus(onChanged);
  const error = statusTextError(text, existing);

  function close() {
    setText('');
    add.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!error) add.mutate(text.trim(), { onSuccess: close });
  }

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>Add status</Text>}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <TextInput
            label="Status name"
            placeholder="e.g. Hot lead"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            // Blank is the starting state, not a mistake worth a red line.
            error={text.trim() ? error : null}
            maxLength={60}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={Boolean(error)} loading={add.isPending}>
              Add status
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
