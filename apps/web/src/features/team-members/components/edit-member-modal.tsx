import { useState } from 'react';
import { Alert, Button, Divider, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { LOGIN_CODE_LENGTH, memberEmailToSend, messages, type TeamMemberDto } from '@prospector/core';
import { useConfirmMemberEmail } from '../api/confirm-member-email';
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

/**
 * Edits one member; the e-mail is sent only when longer than 7 characters (spec part 2 §5). A new
 * address of an account that has logged in changes only with the code sent to it: the modal then asks
 * for that code.
 */
export function EditMemberModal(props: EditMemberModalProps) {
  const { member, accessEditable, isSelf = false, onClose, onEdited } = props;
  const [draft, setDraft] = useState(() => draftOf(member));
  const [submitted, setSubmitted] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const edit = useEditMember(onEdited);
  if (pendingEmail)
    return <ConfirmEmailModal member={member} email={pendingEmail} onClose={onClose} onEdited={onEdited} />;
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
      { onSuccess: (res) => (res.pendingEmail ? setPendingEmail(res.pendingEmail) : onClose()) },
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

type ConfirmEmailModalProps = {
  member: TeamMemberDto;
  email: string;
  onClose: () => void;
  onEdited?: ((userId: string) => void) | undefined;
};

/** The second step of an e-mail change: the code sent to the new address. */
function ConfirmEmailModal({ member, email, onClose, onEdited }: ConfirmEmailModalProps) {
  const [code, setCode] = useState('');
  const confirm = useConfirmMemberEmail(onEdited);
  const valid = new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`).test(code.trim());
  const submit = () => {
    if (valid) confirm.mutate({ _id: member._id, code: code.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>{messages.team.confirmEmail}</Text>} size="md">
      <Stack gap="md">
        <Alert color="blue" variant="light">
          {messages.team.emailCodeSent.replace('{email}', email).replace('{current}', member.email)}
        </Alert>
        <TextInput
          label={messages.team.emailCodeLabel}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LOGIN_CODE_LENGTH}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={confirm.isPending}>
            Later
          </Button>
          <Button onClick={submit} loading={confirm.isPending} disabled={!valid}>
            {messages.team.confirmEmail}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
