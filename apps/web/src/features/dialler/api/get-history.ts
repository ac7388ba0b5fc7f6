import { useQuery } from '@tanstack/react-query';
import { getItem } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { diallerKeys } from './dialler-keys';

/** The contact on the call and its thread (texts, comments and calls), for the History panel. */
export function useCallHistory(itemId: string | null) {
  return useQuery({
    queryKey: diallerKeys.history(itemId ?? ''),
    queryFn: () => call(getItem, undefined, { params: { id: itemId! }, quiet: true }),
    enabled: !!itemId,
  });
}
