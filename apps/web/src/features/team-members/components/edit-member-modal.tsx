import { useState } from 'react';
import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { memberEmailToSend, type TeamMemberDto } from '@prospector/core';
import { useEditMember } from '../api/edit-member';
import { MemberForm, draftErrors, type MemberDraft } from './member-form';
import { OwnPhoto } from './own-photo';

type EditMemberModalProps = {
  member: TeamMemberDto;
  accessEditable: boolean;
  /** The viewer edits themself: their photo is offered too. */
  isSelf?: boolean;
  onClose: () => void;
  onEdited?: (userId: string) => void;
};

const draftOf = (m: TeamMemberDto): MemberDraft => ({
  name: m.name,
  email: m.email,
  phone: m.phone ?? '',
  permissions: m.permissions,
  dataAccess: m.dataAccess,
});

/** Edits one member; the e-mail is sent only when longer than 7 characters (spec part 2 §5). */
export function EditMemberModal(props: EditMemberModalProps) {
  const { member, accessEditable, isSelf = false, onClose, onEdited } = props;
  const [draft, setDraft] = useState(() => draftOf(member));
  const [submitted, setSubmitted] = useState(false);
  const edit = useEditMember(onEdited);
  const errors = draftErrors(draft);
  // A short e-mail is not sent, so it is not an error either: the old address stays.
  const blocking = [errors.name, errors.phone, memberEmailToSend(draft.email) ? errors.email : null];
  const submit = () => {
    setSubmitted(true);
    if (blocking.some(Boolean)) return;
    const email = memberEmailToSend(draft.email);
    edit.mutate(
      {
        _id: member._id,
        name: draft.name.trim(),
        phone: draft.phone.trim(),
        permissions: draft.permissions,
        dataAccess: draft.dataAccess,
        ...(email ? { email } : {}),
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>Edit member</Text>} size="lg">
      <Stack gap="lg">
        {isSelf && (
          <>
            <OwnPhoto member={member} />
            <Divider />
          </>
        )}
        <MemberForm
          draft={draft}
          onChange={setDraft}
          showErrors={submitted}
          accessEditable={accessEditable}
          isAdminTarget={member.role === 'admin'}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={edit.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
