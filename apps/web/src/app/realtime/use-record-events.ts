import { useQueryClient } from '@tanstack/react-query';
import { boardKeys } from '../../features/board';
import { messengerKeys } from '../../features/messenger';
import { recordKeys } from '../../features/records';
import { useServerEvent } from '../../lib/use-server-event';

/** A teammate (or this user in another tab) changed a record: refetch the board, the Messenger and that record. */
export function useRecordEvents() {
  const queryClient = useQueryClient();
  useServerEvent('itemChanged', ({ itemId }) => {
    void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: recordKeys.detail(itemId) });
    // The Messenger's rows show statuses too.
    void queryClient.invalidateQueries({ queryKey: messengerKeys.inboxes() });
  });
  useServerEvent('sectionsChanged', () => {
    // An open record shows its entity's sections.
    void queryClient.invalidateQueries({ queryKey: recordKeys.details() });
  });
  useServerEvent('notification', () => {
    // Cards show unread counts.
    void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
  });
}
