import { useState } from 'react';
import { Alert, Loader, MultiSelect } from '@mantine/core';
import { messages, type TeamMemberDto } from '@prospector/core';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useUserItemCount } from '../api/count-user-items';
import { useRemoveMember } from '../api/remove-member';

type RemoveMemberModalProps = {
  member: TeamMemberDto;
  /** Everyone on the team; the others can take the member's records. */
  members: readonly TeamMemberDto[];
  onClose: () => void;
};

/** Confirms a removal; a member with assigned records needs who takes them first (spec part 2 §4). */
export function RemoveMemberModal({ member, members, onClose }: RemoveMemberModalProps) {
  const count = useUserItemCount(member._id);
  const remove = useRemoveMember();
  const [assignedTo, setAssignedTo] = useState<string[]>([]);
  const itemCount = count.data ?? 0;
  const needsAssignees = itemCount > 0;
  const others = members
    .filter((m) => m._id !== member._id)
    .map((m) => ({ value: m._id, label: m.name || m.email }));
  const name = member.name || member.email;
  const ready = count.isSuccess && (!needsAssignees || assignedTo.length > 0);
  return (
    <ConfirmModal
      opened
      title="Remove member"
      confirmLabel="Remove"
      pending={remove.isPending}
      confirmDisabled={!ready}
      onClose={onClose}
      onConfirm={() => remove.mutate({ userId: member._id, assignedTo }, { onSuccess: onClose })}
      details={
        <>
          {count.isPending && <Loader size="sm" aria-label="Counting records" />}
          {needsAssignees && (
            <>
              <Alert color="yellow" variant="light">
                {`${name} has ${itemCount.toLocaleString('en-US')} assigned ${itemCount === 1 ? 'record' : 'records'}. Choose who takes them first.`}
              </Alert>
              <MultiSelect
                label="Assign their records to"
                placeholder={assignedTo.length ? undefined : 'Choose members'}
                data={others}
                value={assignedTo}
                onChange={setAssignedTo}
                searchable
              />
            </>
          )}
        </>
      }
    >
      {messages.team.removeConfirm.replace('{name}', name)}
    </ConfirmModal>
  );
}
