import { useQuery } from '@tanstack/react-query';
import { getItem } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { messengerKeys } from './messenger-keys';

/** The record with its thread, oldest first. Reading it marks its texts read for the team. */
export function getThread(itemId: string, signal?: AbortSignal) {
  return call(getItem, undefined, { params: { id: itemId }, signal });
}

export type ThreadData = Awaited<ReturnType<typeof getThread>>;

/** The thread under an expanded row; fetched while the row is open. */
export function useThread(itemId: string) {
  return useQuery({
    queryKey: messengerKeys.thread(itemId),
    queryFn: ({ signal }) => getThread(itemId, signal),
    staleTime: 0,
  });
}
