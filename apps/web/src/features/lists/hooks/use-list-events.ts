import { useQueryClient } from '@tanstack/react-query';
import { useServerEvent } from '../../../lib/use-server-event';
import { patchList } from '../api/list-cache';
import { listsKeys } from '../api/lists-keys';
import type { SkiptraceState } from '../api/skiptrace';

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
  // A skip trace moved on: the list's figures and its run follow at once; its properties (phones,
  // verified owners) are fetched again, at most every 1.5 s while a run streams its batches.
  useServerEvent('skiptraceProgress', ({ listId, run, metrics }) => {
    patchList(queryClient, listId, (list) => ({
      ...list,
      hits: metrics.hits,
      landlines: metrics.landlines,
      dnc: metrics.dnc,
      cost: metrics.cost,
    }));
    if (run)
      queryClient.setQueryData<SkiptraceState>(listsKeys.skiptrace(listId), (s) => (s ? { ...s, run } : s));
    const now = Date.now();
    const last = refetchedAt.get(listId) ?? 0;
    if (!run || run.state !== 'running' || now - last > 1500) {
      refetchedAt.set(listId, now);
      void queryClient.invalidateQueries({ queryKey: listsKeys.detailsOf(listId) });
      if (!run || run.state !== 'running')
        void queryClient.invalidateQueries({ queryKey: listsKeys.skiptrace(listId) });
    }
  });
}

const refetchedAt = new Map<string, number>();
