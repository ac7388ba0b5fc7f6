import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import { isListCached, patchList } from '../api/list-cache';
import { listsKeys } from '../api/lists-keys';

/**
 * An import moved on (`listProgress`) or ended (`listImported`, spec part 2 §4): the cached list
 * follows, and its figures are fetched again once it is imported.
 */
export function useListEvents() {
  const queryClient = useQueryClient();
  useServerEvent('listProgress', ({ listId, rowsDone, totalRows, progress }) => {
    patchList(queryClient, listId, (list) => ({ ...list, rowsDone, totalRows, progress }));
  });
  useServerEvent('listImported', ({ listId, list }) => {
    // A list imported from another tab or by a teammate is not loaded here yet: fetch the page again.
    if (!isListCached(queryClient, listId))
      void queryClient.invalidateQueries({ queryKey: listsKeys.lists() });
    patchList(queryClient, listId, () => list);
    void queryClient.invalidateQueries({ queryKey: listsKeys.stats(listId) });
    void queryClient.invalidateQueries({ queryKey: listsKeys.detailsOf(listId) });
  });
}
