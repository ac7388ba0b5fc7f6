import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelListSkiptrace,
  getListSkiptrace,
  skiptraceList,
  skiptraceProperty,
  type SkiptraceType,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { patchList } from './list-cache';
import { listsKeys } from './lists-keys';

export function getSkiptraceState(listId: string) {
  return call(getListSkiptrace, undefined, { params: { listId } });
}
export type SkiptraceState = Awaited<ReturnType<typeof getSkiptraceState>>;

export const skiptraceStateQueryOptions = (listId: string) =>
  queryOptions({ queryKey: listsKeys.skiptrace(listId), queryFn: () => getSkiptraceState(listId) });

/** The list's latest run, the count a new one would trace, the team's prices and whether it is demo data. */
export function useSkiptraceState(listId: string) {
  return useQuery(skiptraceStateQueryOptions(listId));
}

/** Starts skip tracing the list; the run's progress then arrives as `skiptraceProgress` events. */
export function useStartSkiptrace(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: SkiptraceType) => call(skiptraceList, { listId, type, permissibleUse: true }),
    onSuccess: ({ run }) => {
      queryClient.setQueryData<SkiptraceState>(listsKeys.skiptrace(listId), (s) => (s ? { ...s, run } : s));
    },
  });
}

export function useCancelSkiptrace(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(cancelListSkiptrace, { listId }),
    onSuccess: ({ run }) => {
      queryClient.setQueryData<SkiptraceState>(listsKeys.skiptrace(listId), (s) => (s ? { ...s, run } : s));
    },
  });
}

/** Traces one property of the list now; its row and the list's figures follow. */
export function useSkiptraceProperty(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { propId: string; type: SkiptraceType }) =>
      call(skiptraceProperty, { ...input, permissibleUse: true }),
    onSuccess: ({ results, listMetrics }) => {
      for (const m of listMetrics)
        patchList(queryClient, m.listId, (list) => ({
          ...list,
          hits: m.hits,
          landlines: m.landlines,
          dnc: m.dnc,
          cost: m.cost,
        }));
      void queryClient.invalidateQueries({ queryKey: listsKeys.detailsOf(listId) });
      void queryClient.invalidateQueries({ queryKey: listsKeys.skiptrace(listId) });
      const phones = results.owners.reduce((n, o) => n + o.phones.length, 0);
      notifySuccess(
        results.hit
          ? `Found ${phones} ${phones === 1 ? 'phone' : 'phones'} for this property (${formatDollars(results.cost)}).`
          : 'No owner data was found for this property. Nothing was charged.',
      );
    },
  });
}

export function formatDollars(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}
