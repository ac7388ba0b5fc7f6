import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { newMemberDefaults } from '@prospector/core';
import { useAddMember } from '../api/add-member';
import { MemberForm, draftErrors, type MemberDraft } from './member-form';

const emptyDraft = (): MemberDraft => ({ name: '', email: '', phone: '', ...newMemberDefaults() });

/** 'Add member': every permission and 'All data' by default (spec part 2 §6), all editable. */
export function AddMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState(emptyDraft);
  const [submitted, setSubmitted] = useState(false);
  const add = useAddMember();
  const close = () => {
    setDraft(emptyDraft());
    setSubmitted(false);
    onClose();
  };
  const submit = () => {
    setSubmitted(true);
    if (Object.values(draftErrors(draft)).some(Boolean)) return;
    add.mutate(
      { ...draft, name: draft.name.trim(), email: draft.email.trim(), phone: draft.phone.trim() },
      { onSuccess: close },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>Add member</Text>} size="lg">
      <Stack gap="lg">
        <MemberForm
          draft={draft}
          onChange={setDraft}
          showErrors={submitted}
          accessEditable
          isAdminTarget={false}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={add.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={add.isPending}>
            Add member
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
