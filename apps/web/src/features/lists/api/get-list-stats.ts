import { queryOptions, useQuery } from '@tanstack/react-query';
import { getListStats as getListStatsEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { listsKeys } from './lists-keys';

export function getListStats(id: string) {
  return call(getListStatsEndpoint, undefined, { params: { id } });
}

export type ListStats = Awaited<ReturnType<typeof getListStats>>;

export const listStatsQueryOptions = (id: string) =>
  queryOptions({ queryKey: listsKeys.stats(id), queryFn: () => getListStats(id) });

/** The side panel's figures: verified properties and companies, contacts per lead status. */
export function useListStats(id: string) {
  return useQuery(listStatsQueryOptions(id));
}
