import type { FormEvent } from 'react';
import { Loader, Modal, Select, Stack, Switch, Text } from '@mantine/core';
import type { StatusCallSettingsDto, StatusDto } from '@prospector/core';
import { FormActions, useDraft } from '../../../components/form-actions';
import { useEditStatusCallSettings, useStatusCallSettings } from '../api/status-call-settings';

const EMPTY = { forward: false, forwardTo: null, autoRvm: false, selectedVm: null };

/**
 * A status's call settings (spec part 2 §3 Status forward, forwardTo, autoRvm, selectedVm): inbound
 * calls from its records ring a member's own phone; dialler calls to its records that reach a machine
 * leave its voicemail with no click.
 */
export function StatusCallsModal({ status, onClose }: { status: StatusDto | null; onClose: () => void }) {
  const data = useStatusCallSettings(!!status);
  const saved = status ? data.data?.settings.find((s) => s._id === status._id) : undefined;
  return (
    <Modal
      opened={!!status}
      onClose={onClose}
      title={<Text fw={700}>Call settings: {status?.text}</Text>}
      size="md"
    >
      {!status || !data.data ? (
        <Loader size="sm" aria-label="Loading call settings" />
      ) : (
        <StatusCallsForm
          key={status._id}
          initial={saved ?? { _id: status._id, ...EMPTY }}
          members={data.data.members}
          vms={data.data.voicemails}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function StatusCallsForm({
  initial,
  members,
  vms,
  onClose,
}: {
  initial: StatusCallSettingsDto;
  members: { _id: string; name: string; hasPhone: boolean }[];
  vms: { _id: string; name: string }[];
  onClose: () => void;
}) {
  const save = useEditStatusCallSettings();
  const [draft, set] = useDraft(initial);
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(draft, { onSuccess: onClose });
  }
  const target = members.find((m) => m._id === draft.forwardTo);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={6}>
          <Switch
            label="Forward inbound calls"
            description="Calls from records in this status ring a member's own phone instead of the dialler."
            checked={draft.forward}
            onChange={(e) => set({ forward: e.currentTarget.checked })}
          />
          <Select
            label="Forward to"
            placeholder="Choose a member"
            data={members.map((m) => ({
              value: m._id,
              label: m.hasPhone ? m.name : `${m.name} (no phone number)`,
            }))}
            value={draft.forwardTo}
            onChange={(v) => set({ forwardTo: v })}
            disabled={!draft.forward}
            clearable
            ml={54}
          />
          {draft.forward && target && !target.hasPhone && (
            <Text size="xs" c="red" ml={54}>
              {target.name} has no phone number yet: they can add one in the dialler&apos;s call settings.
            </Text>
          )}
        </Stack>
        <Stack gap={6}>
          <Switch
            label="Leave a voicemail automatically"
            description="When a dialler call to a record in this status reaches an answering machine."
            checked={draft.autoRvm}
            onChange={(e) => set({ autoRvm: e.currentTarget.checked })}
          />
          <Select
            label="Voicemail"
            placeholder="The caller's default voicemail"
            data={vms.map((v) => ({ value: v._id, label: v.name }))}
            value={draft.selectedVm}
            onChange={(v) => set({ selectedVm: v })}
            disabled={!draft.autoRvm}
            clearable
            ml={54}
          />
          {draft.autoRvm && vms.length === 0 && (
            <Text size="xs" c="dimmed" ml={54}>
              No voicemails yet: record one in the dialler.
            </Text>
          )}
        </Stack>
        <FormActions
          onCancel={onClose}
          pending={save.isPending}
          saveDisabled={draft.forward && !draft.forwardTo}
        />
      </Stack>
    </form>
  );
}
