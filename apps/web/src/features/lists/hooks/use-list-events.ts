import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import { patchList } from '../api/list-cache';
import { listsKeys } from '../api/lists-keys';

/**
 * An import moved on (`listProgress`) or ended (`listImported`, spec part 2 §4): the cached list
 * follows, and its figures are fetched again once it is imported. The event goes to the whole team
 * with the team's counts, so the counts come from a fetch: a member with 'Only assigned' data access
 * counts only their assigned records.
 */
export function useListEvents() {
  const queryClient = useQueryClient();
  useServerEvent('listProgress', ({ listId, rowsDone, totalRows, progress }) => {
    patchList(queryClient, listId, (list) => ({ ...list, rowsDone, totalRows, progress }));
  });
  useServerEvent('listImported', ({ listId, list }) => {
    patchList(queryClient, listId, (cached) => ({
      ...list,
      itemCount: cached.itemCount,
      propCount: cached.propCount,
      compCount: cached.compCount,
    }));
    // Also brings in a list imported from another tab or by a teammate, not loaded here yet.
    void queryClient.invalidateQueries({ queryKey: listsKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: listsKeys.stats(listId) });
    void queryClient.invalidateQueries({ queryKey: listsKeys.detailsOf(listId) });
  });
}
