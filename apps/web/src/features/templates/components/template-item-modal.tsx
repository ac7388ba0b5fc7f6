import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type TemplateItemModalProps = {
  /** 'Add quick reply', 'Edit subtemplate'… */
  title: string;
  /** Save is offered once what is typed can be saved. */
  canSave: boolean;
  /** The answer is on its way: Save spins, Cancel waits. */
  pending: boolean;
  onSave: () => void;
  onClose: () => void;
  /** The item's fields. */
  children: ReactNode;
};

/**
 * The add and edit modal of a Template Settings item (a quick reply, a subtemplate): one modal, two
 * modes (spec part 2 §4, §5); its fields, then Cancel and Save.
 */
export function TemplateItemModal({
  title,
  canSave,
  pending,
  onSave,
  onClose,
  children,
}: TemplateItemModalProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave || pending) return;
    onSave();
  }
  return (
    <Modal opened onClose={onClose} size="lg" title={<Text fw={700}>{title}</Text>}>
      <Stack component="form" gap="md" onSubmit={submit}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave} loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
