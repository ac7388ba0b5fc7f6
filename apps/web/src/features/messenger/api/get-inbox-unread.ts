import { useQuery } from '@tanstack/react-query';
import { getInbox } from './get-inbox';
import { messengerKeys } from './messenger-keys';

/**
 * The navigation's Messenger counter (spec part 1 §2.1): records with texts nobody has read, for the
 * team or, for 'Only assigned' members, their own (the server decides). Nothing is asked while
 * `enabled` is false (the viewer may not use the Messenger).
 */
export function useInboxUnread(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: messengerKeys.unread(),
    queryFn: ({ signal }) =>
      getInbox({ inboxType: 'unread', selectedStatuses: [], onlyMine: false, skip: 0 }, signal),
    select: (page) => page.unread,
  });
}
