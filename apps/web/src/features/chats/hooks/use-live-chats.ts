import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SupportInboxRowDto } from '@prospector/core';
import { useConnectionStore } from '../../../lib/connection-store';
import { useServerEvent } from '../../../lib/use-server-event';
import { chatsKeys } from '../api/chats-keys';
import type { ChatsData } from '../api/get-chats';
import { getMissed } from '../api/get-missed';
import { applyMessage, applyRead } from './use-apply-message';
import { useChatsStore } from './chats-store';

/** What a reconnected tab missed, per chat from the newest sequence it has, until nothing is left. */
async function catchUp(queryClient: QueryClient) {
  const me = useChatsStore.getState().me;
  const newest = new Map<string, number>();
  for (const c of queryClient.getQueryData<ChatsData>(chatsKeys.list())?.chats ?? [])
    newest.set(c._id, c.lastSeq);
  for (const c of queryClient.getQueryData<SupportInboxRowDto[]>(chatsKeys.support()) ?? [])
    newest.set(c._id, c.lastSeq);
  if (newest.size === 0) return;
  for (let round = 0; round < 20; round++) {
    const since = [...newest].map(([chatId, seq]) => ({ chatId, seq }));
    const { messages, more } = await getMissed(since);
    for (const m of messages) {
      applyMessage(queryClient, m, m.sender?._id === me && !m.fromSupport);
      newest.set(m.chatId, Math.max(newest.get(m.chatId) ?? 0, m.seq));
    }
    if (!more) break;
  }
  await queryClient.invalidateQueries({ queryKey: chatsKeys.list() });
}

/**
 * Chat messages and read marks from the socket; after a reconnect, the messages missed meanwhile
 * (POST /api/chats/missed), so nothing is lost, and nothing shows twice (messages are placed by sequence).
 */
export function useLiveChats() {
  const queryClient = useQueryClient();
  useServerEvent('chatMessage', ({ message }) => {
    const me = useChatsStore.getState().me;
    applyMessage(queryClient, message, message.sender?._id === me && !message.fromSupport);
  });
  useServerEvent('chatRead', (read) => applyRead(queryClient, read));
  useEffect(() => {
    let previous = useConnectionStore.getState().status;
    return useConnectionStore.subscribe(({ status }) => {
      if (status === 'connected' && previous === 'reconnecting')
        void catchUp(queryClient).catch(() => undefined);
      previous = status;
    });
  }, [queryClient]);
}
