import { Checkbox, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  DATA_ACCESS,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  isValidMemberPhone,
  messages,
  type DataAccess,
  type PermissionKey,
} from '@prospector/core';

export type MemberDraft = {
  name: string;
  email: string;
  phone: string;
  permissions: PermissionKey[];
  dataAccess: DataAccess;
};

export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with a draft, field by field (shown once the field was touched or on submit). */
export function draftErrors(draft: MemberDraft) {
  return {
    name: draft.name.trim() ? null : messages.team.nameRequired,
    email: EMAIL_SHAPE.test(draft.email.trim()) ? null : messages.auth.invalidEmail,
    phone: draft.phone.trim() === '' || isValidMemberPhone(draft.phone) ? null : messages.team.invalidPhone,
  };
}

type MemberFormProps = {
  draft: MemberDraft;
  onChange: (draft: MemberDraft) => void;
  showErrors: boolean;
  /** False: permissions and data access are shown read-only (own access, or the admin's). */
  accessEditable: boolean;
  /** The admin has every permission by role: no checkboxes. */
  isAdminTarget: boolean;
};

/** Name, e-mail and phone, then the permission checkboxes and data access. */
export function MemberForm({ draft, onChange, showErrors, accessEditable, isAdminTarget }: MemberFormProps) {
  const errors = draftErrors(draft);
  const set = (patch: Partial<MemberDraft>) => onChange({ ...draft, ...patch });
  return (
    <Stack gap="md">
      <TextInput
        label="Name"
        required
        value={draft.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={showErrors && errors.name}
        data-autofocus
      />
      <TextInput
        label="E-mail"
        required
        type="email"
        value={draft.email}
        onChange={(e) => set({ email: e.currentTarget.value })}
        error={showErrors && errors.email}
      />
      <TextInput
        label="Phone"
        value={draft.phone}
        onChange={(e) => set({ phone: e.currentTarget.value })}
        error={showErrors && errors.phone}
      />
      {isAdminTarget ? (
        <Text size="sm" c="dimmed">
          The admin has every permission and sees all data.
        </Text>
      ) : (
        <>
          <Checkbox.Group
            label="Permissions"
            value={draft.permissions}
            onChange={(value) => set({ permissions: value as PermissionKey[] })}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
              {PERMISSION_KEYS.map((key) => (
                <Checkbox key={key} value={key} label={PERMISSION_LABELS[key]} disabled={!accessEditable} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Radio.Group
            label="Data access"
            value={draft.dataAccess}
            onChange={(value) => set({ dataAccess: value as DataAccess })}
          >
            <Stack gap="xs" mt="xs">
              {DATA_ACCESS.map((value) => (
                <Radio key={value} value={value} label={value} disabled={!accessEditable} />
              ))}
            </Stack>
          </Radio.Group>
          {!accessEditable && (
            <Text size="xs" c="dimmed">
              {messages.team.ownAccessAdminOnly}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
