import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { search } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { searchKeys } from './search-keys';

export type SearchType = 'all' | 'contact' | 'property' | 'company';

export function searchRecords(text: string, type: SearchType, signal?: AbortSignal) {
  return call(search, { text, type }, { signal });
}

/** Contacts, properties and companies matching `text`; nothing is asked while `enabled` is false. */
export function useSearchResults(text: string, type: SearchType, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.results(type, text),
    queryFn: ({ signal }) => searchRecords(text, type, signal),
    enabled,
    placeholderData: enabled ? keepPreviousData : undefined,
    select: (data) => data.results,
  });
}
