import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { countItems as countItemsEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { campaignsKeys, type CountFilter } from './campaigns-keys';

export type StatusCount = { _id: string; text: string; count: number };

export function countItems(filter: CountFilter): Promise<StatusCount[]> {
  return call(countItemsEndpoint, filter);
}

export const statusCountsQueryOptions = (filter: CountFilter) =>
  queryOptions({
    queryKey: campaignsKeys.counts(filter),
    queryFn: () => countItems(filter),
    staleTime: 0,
  });

/**
 * Contacts of the target per status. Fetched again when the target or the last-contacted date
 * changes; the previous counts stay on screen meanwhile (`isPlaceholderData`).
 */
export function useStatusCounts(filter: CountFilter, enabled: boolean) {
  return useQuery({ ...statusCountsQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}
