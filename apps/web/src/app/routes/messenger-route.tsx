import { useQueryClient } from '@tanstack/react-query';
import { can, type CurrentUser } from '@prospector/core';
import { boardKeys } from '../../features/board';
import { canChooseOwner, MessengerScreen } from '../../features/messenger';
import { recordKeys } from '../../features/records';
import { useRecordParam } from '../compose/use-record-param';

/** /messenger: admins and members with the messenger permission only (the routes check it). */
export function MessengerRoute({ user }: { user: CurrentUser }) {
  const { openRecord } = useRecordParam();
  const queryClient = useQueryClient();
  return (
    <MessengerScreen
      ownerChoice={canChooseOwner(user)}
      timeZone={user.team.timezone}
      canText={can(user, 'sms')}
      onOpenRecord={openRecord}
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
