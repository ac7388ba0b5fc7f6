import { useQuery } from '@tanstack/react-query';
import { getChatRecordCards } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { chatsKeys } from './chats-keys';

/** Cards of the records a message links to: only those the reader may open come back. */
export function useRecordCards(itemIds: readonly string[]) {
  return useQuery({
    queryKey: chatsKeys.cards(itemIds),
    queryFn: async () => (await call(getChatRecordCards, { itemIds: [...itemIds] }, { quiet: true })).cards,
    enabled: itemIds.length > 0,
    staleTime: 60_000,
  });
}
