import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { AdminTeamRow } from '@prospector/core';
import { ConfirmModal } from '../../../components/confirm-modal';
import {
  useAdminAddCredits,
  useCreateTeam,
  usePauseTeamCampaigns,
  useSuspendTeam,
} from '../api/team-actions';

const title = (text: string) => <Text fw={700}>{text}</Text>;

/** Create Team by e-mail: the owner gets a login code. */
export function CreateTeamDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const create = useCreateTeam();
  return (
    <Modal opened={opened} onClose={onClose} title={title('Create Team')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(email, { onSuccess: () => (setEmail(''), onClose()) });
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Owner's e-mail"
            description="We create the team and mail its owner a login code."
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!email.includes('@')}>
              Create Team
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Add credits: a ledger entry authored by the staff member. */
export function AddCreditsDialog({ team, onClose }: { team: AdminTeamRow | null; onClose: () => void }) {
  const [amount, setAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const add = useAdminAddCredits(`Credits added to ${team?.name ?? 'the team'}.`);
  const close = () => (setAmount(''), setNote(''), onClose());
  return (
    <Modal opened={team !== null} onClose={close} title={title(`Add credits to ${team?.name ?? ''}`)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (team && typeof amount === 'number')
            add.mutate({ teamId: team._id, amount, note }, { onSuccess: close });
        }}
      >
        <Stack gap="md">
          <NumberInput
            label="Amount"
            prefix="$"
            min={0.01}
            max={100000}
            decimalScale={2}
            value={amount}
            onChange={setAmount}
            data-autofocus
          />
          <Textarea
            label="Note"
            description="Goes into the ledger entry."
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={add.isPending}
              disabled={typeof amount !== 'number' || amount <= 0}
            >
              Add credits
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Suspend (with the reason its members will read) or lift a suspension. */
export function SuspendDialog({ team, onClose }: { team: AdminTeamRow | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const suspend = useSuspendTeam();
  const close = () => (setReason(''), onClose());
  const lifting = !!team?.suspended;
  return (
    <ConfirmModal
      opened={team !== null}
      title={lifting ? `Unsuspend ${team?.name ?? ''}` : `Suspend ${team?.name ?? ''}`}
      confirmLabel={lifting ? 'Unsuspend' : 'Suspend'}
      pending={suspend.isPending}
      onClose={close}
      onConfirm={() => team && suspend.mutate({ teamId: team._id, reason }, { onSuccess: close })}
      details={
        lifting ? undefined : (
          <Textarea
            label="Reason"
            description="Every member of the team reads it in a banner."
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        )
      }
    >
      {lifting
        ? 'Its campaigns send again at the next tick, and its devices get their waiting texts.'
        : 'Its campaigns stop at the next engine tick and its devices get no texts until you lift it.'}
    </ConfirmModal>
  );
}

/** Pause every running campaign of the team. */
export function PauseCampaignsDialog({ team, onClose }: { team: AdminTeamRow | null; onClose: () => void }) {
  const pause = usePauseTeamCampaigns();
  return (
    <ConfirmModal
      opened={team !== null}
      title={`Pause all campaigns of ${team?.name ?? ''}`}
      confirmLabel="Pause all"
      pending={pause.isPending}
      onClose={onClose}
      onConfirm={() => team && pause.mutate(team._id, { onSuccess: onClose })}
    >
      {`${team?.activeCampaigns ?? 0} running campaigns will be paused. The team can resume them itself.`}
    </ConfirmModal>
  );
}
