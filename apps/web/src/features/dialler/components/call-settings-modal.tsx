import type { FormEvent } from 'react';
import { Loader, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { messages, type UserCallSettingsDto, type VoicemailDto } from '@prospector/core';
import { FormActions, useDraft } from '../../../components/form-actions';
import { useCallSettings, useUpdateCallSettings } from '../api/inbound';

/**
 * The member's own call settings (spec part 2 §3 User noStatusCalls, forwardOnly, defaultVm), kept
 * beside the dialler they change: which records are dialled, where inbound calls ring, and the
 * voicemail an auto-voicemail status drops (also preselected on Join).
 */
export function CallSettingsModal({
  opened,
  onClose,
  voicemails,
}: {
  opened: boolean;
  onClose: () => void;
  voicemails: VoicemailDto[];
}) {
  const settings = useCallSettings(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>My call settings</Text>}>
      {!settings.data ? (
        <Loader size="sm" aria-label="Loading call settings" />
      ) : (
        <CallSettingsForm initial={settings.data} voicemails={voicemails} onClose={onClose} />
      )}
    </Modal>
  );
}

function CallSettingsForm({
  initial,
  voicemails,
  onClose,
}: {
  initial: UserCallSettingsDto;
  voicemails: VoicemailDto[];
  onClose: () => void;
}) {
  const save = useUpdateCallSettings();
  const [draft, set] = useDraft(initial);
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ ...draft, forwardNumber: draft.forwardNumber?.trim() || null }, { onSuccess: onClose });
  }
  const needsNumber = draft.forwardOnly && !draft.forwardNumber?.trim();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label="Skip records with no status"
          description="The dialler does not call records in your queue that have no status."
          checked={draft.noStatusCalls}
          onChange={(e) => set({ noStatusCalls: e.currentTarget.checked })}
        />
        <Switch
          label="Forward my calls to my phone"
          description="Inbound calls for records assigned to you ring this number, never the browser."
          checked={draft.forwardOnly}
          onChange={(e) => set({ forwardOnly: e.currentTarget.checked })}
        />
        <TextInput
          label="My phone number"
          description="Also where calls are forwarded when a status forwards them to you."
          placeholder="(916) 555-0142"
          value={draft.forwardNumber ?? ''}
          onChange={(e) => set({ forwardNumber: e.currentTarget.value })}
          error={needsNumber ? messages.dialler.forwardNumberRequired : null}
          maxLength={40}
        />
        <Select
          label="Default voicemail"
          description="Left on answering machines for statuses that leave one automatically, and selected when you join."
          placeholder="None"
          data={voicemails.map((v) => ({ value: v._id, label: v.name }))}
          value={draft.defaultVm}
          onChange={(v) => set({ defaultVm: v })}
          clearable
        />
        <FormActions onCancel={onClose} pending={save.isPending} saveDisabled={needsNumber} />
      </Stack>
    </form>
  );
}
