import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@prospector/core';
import { boardKeys, useBoardStatuses } from '../../features/board';
import { useMembers } from '../../features/members';
import { notificationsKeys } from '../../features/notifications';
import { usePublicConfig } from '../../features/public-config';
import { RecordModal } from '../../features/records';
import { useRecordParam } from './use-record-param';

/** The record modal over every logged-in screen, fed with the team's members and statuses. */
export function RecordModalHost({ user }: { user: CurrentUser }) {
  const { recordId, openRecord, closeRecord } = useRecordParam();
  const queryClient = useQueryClient();
  const open = recordId !== null;
  const members = useMembers(open).data ?? [];
  const statuses = useBoardStatuses(open).data ?? [];
  const mapsConfigured = usePublicConfig().data?.mapsConfigured ?? false;
  return (
    <RecordModal
      itemId={recordId}
      onClose={closeRecord}
      onOpenItem={openRecord}
      onChanged={() => void queryClient.invalidateQueries({ queryKey: boardKeys.lists() })}
      // Opening a record reads its notifications: the bell and the card's unread count change.
      onLoaded={() => {
        void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
        void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
      }}
      members={members}
      statuses={statuses}
      viewerId={user._id}
      timeZone={user.team.timezone}
      mapsConfigured={mapsConfigured}
    />
  );
}
