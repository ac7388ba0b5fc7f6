import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { getChat as getChatEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { chatsKeys } from './chats-keys';

export type ChatPage = Awaited<ReturnType<typeof getChatPage>>;
export type ChatHistory = InfiniteData<ChatPage, number | null>;

export function getChatPage(chatId: string, before: number | null) {
  return call(getChatEndpoint, undefined, {
    params: { id: chatId },
    query: { before: before === null ? undefined : String(before) },
  });
}

/**
 * A chat's history, newest page first, paged backwards by sequence: page n+1 holds the messages
 * before page n's oldest. Live messages are appended to the newest page (use-live-chats).
 */
export function useChatHistory(chatId: string | null) {
  return useInfiniteQuery({
    queryKey: chatsKeys.history(chatId ?? ''),
    queryFn: ({ pageParam }) => getChatPage(chatId!, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.hasMore && last.messages[0] ? last.messages[0].seq : undefined),
    enabled: chatId !== null,
    staleTime: Infinity,
  });
}
