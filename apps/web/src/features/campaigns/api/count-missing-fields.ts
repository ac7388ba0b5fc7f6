import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { countMissingFields as countMissingFieldsEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { campaignsKeys, type MissingFieldsFilter } from './campaigns-keys';

export function countMissingFields(filter: MissingFieldsFilter) {
  return call(countMissingFieldsEndpoint, filter);
}

export type MissingFields = Awaited<ReturnType<typeof countMissingFields>>;

export const missingFieldsQueryOptions = (filter: MissingFieldsFilter) =>
  queryOptions({
    queryKey: campaignsKeys.missingFields(filter),
    queryFn: () => countMissingFields(filter),
    staleTime: 0,
  });

/** How many of the chosen recipients lack each field the chosen templates use; kept on screen while it refetches. */
export function useMissingFields(filter: MissingFieldsFilter, enabled: boolean) {
  return useQuery({ ...missingFieldsQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}
