import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { search, SEARCH_MIN_CHARS, type ItemType } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { recordKeys } from './records-keys';

/**
 * The team's contacts, properties or companies that match what is typed in a panel's add box (the
 * search call, one type), so an existing record is picked instead of a copy being made. Nothing is
 * asked under 3 characters; a failed look-up only leaves the suggestions out.
 */
export function useLinkSuggestions(type: ItemType, text: string) {
  const enabled = text.length >= SEARCH_MIN_CHARS;
  return useQuery({
    queryKey: recordKeys.linkSuggestions(type, text),
    queryFn: ({ signal }) => call(search, { text, type }, { signal, quiet: true }),
    enabled,
    placeholderData: enabled ? keepPreviousData : undefined,
    select: (data) => data.results,
  });
}
