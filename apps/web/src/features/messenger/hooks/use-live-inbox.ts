import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import { messengerKeys } from '../api/messenger-keys';

/**
 * The Messenger follows the team's texts on every screen: `inboxChanged` (a text came in, went out
 * or was read) refetches the lists and the navigation's counter; `replyLabelled` the label counts;
 * `messageAdded` an open thread.
 */
export function useLiveInbox() {
  const queryClient = useQueryClient();
  useServerEvent('inboxChanged', () => {
    void queryClient.invalidateQueries({ queryKey: messengerKeys.inboxes() });
    void queryClient.invalidateQueries({ queryKey: messengerKeys.unread() });
  });
  // A reply labelled or its label corrected: the label chips' counts and a label-filtered list change.
  useServerEvent('replyLabelled', () => {
    void queryClient.invalidateQueries({ queryKey: messengerKeys.labelCounts() });
    void queryClient.invalidateQueries({ queryKey: messengerKeys.inboxes() });
  });
  useServerEvent('messageAdded', ({ itemId }) => {
    void queryClient.invalidateQueries({ queryKey: messengerKeys.thread(itemId) });
  });
}
