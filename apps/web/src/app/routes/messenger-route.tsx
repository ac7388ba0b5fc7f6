import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { can, type CurrentUser } from '@prospector/core';
import { boardKeys } from '../../features/board';
import {
  canChooseOwner,
  MessengerScreen,
  messengerKeys,
  type MessengerSlots,
} from '../../features/messenger';
import { recordKeys } from '../../features/records';
import { LatestReplyLabel, ReplyLabelChip } from '../../features/replies';
import { useRecordParam } from '../compose/use-record-param';

/**
 * Reply labels in the Messenger (issue 31): each row's latest label and each received text's in the
 * expanded thread, both changed in one click; a change reads the lists (and the tab's count) again.
 */
function useLabelSlots(): MessengerSlots {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const onCorrected = () => {
      void queryClient.invalidateQueries({ queryKey: messengerKeys.inboxes() });
      void queryClient.invalidateQueries({ queryKey: messengerKeys.labelCounts() });
    };
    return {
      rowLabel: (row) =>
        row.replyLabel && (
          <LatestReplyLabel
            // A new label from the server (another member's, or this one's once read back) starts afresh.
            key={`${row.replyLabel.messageId}:${row.replyLabel.label}:${row.replyLabel.source}:${row.replyLabel.needsLook}`}
            itemId={row._id}
            label={row.replyLabel}
            onCorrected={onCorrected}
          />
        ),
      messageExtra: (message) => (
        <ReplyLabelChip itemId={message.itemId} messageId={message._id} onCorrected={onCorrected} />
      ),
    };
  }, [queryClient]);
}

/** /messenger: admins and members with the messenger permission only (the routes check it). */
export function MessengerRoute({ user }: { user: CurrentUser }) {
  const { openRecord } = useRecordParam();
  const queryClient = useQueryClient();
  const slots = useLabelSlots();
  return (
    <MessengerScreen
      ownerChoice={canChooseOwner(user)}
      timeZone={user.team.timezone}
      canText={can(user, 'sms')}
      onOpenRecord={openRecord}
      slots={slots}
      // A phone marked DNC or Wrong # may have been the primary one: the record and its card change.
      actor={user}
      onRecordsChanged={() => {
        void queryClient.invalidateQueries({ queryKey: recordKeys.all });
        void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
      }}
      onRecordChanged={(id) => {
        void queryClient.invalidateQueries({ queryKey: recordKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
      }}
    />
  );
}
