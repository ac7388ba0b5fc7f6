import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chatPreview, unreadCount, type ChatMessageDto, type SupportInboxRowDto } from '@prospector/core';
import { chatsKeys } from '../api/chats-keys';
import type { ChatHistory } from '../api/get-chat';
import type { ChatsData } from '../api/get-chats';
import { useChatsStore } from './chats-store';

/**
 * Puts a message into the chat's history and the lists. Idempotent: a message is placed by its
 * sequence, and unread counts are derived from sequences (newest minus last read), so the same
 * message from the send answer, the socket and a catch-up counts once.
 */
export function applyMessage(queryClient: QueryClient, message: ChatMessageDto, own: boolean): void {
  const { chatId, seq } = message;
  queryClient.setQueryData<ChatHistory>(chatsKeys.history(chatId), (data) => {
    if (!data || data.pages.some((p) => p.messages.some((m) => m.seq === seq))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    const messages = [...newest.messages, message].sort((a, b) => a.seq - b.seq);
    return { ...data, pages: [{ ...newest, messages }, ...older] };
  });
  const { openChatId } = useChatsStore.getState();
  const read = own || openChatId === chatId;
  const patch = <
    T extends { _id: string; lastSeq: number; lastReadSeq: number; notifCount: number; updatedAt: string },
  >(
    c: T,
  ): T => {
    if (c._id !== chatId) return c;
    const newer = seq > c.lastSeq;
    const lastSeq = Math.max(c.lastSeq, seq);
    const lastReadSeq = read ? Math.max(c.lastReadSeq, seq) : c.lastReadSeq;
    return {
      ...c,
      lastSeq,
      lastReadSeq,
      notifCount: unreadCount(lastSeq, lastReadSeq),
      ...(newer
        ? {
            updatedAt: message.createdAt,
            lastMessage: { body: chatPreview(message.body || '📷'), createdAt: message.createdAt },
          }
        : {}),
    };
  };
  let known = false;
  queryClient.setQueryData<ChatsData>(chatsKeys.list(), (data) => {
    if (!data) return data;
    known = data.chats.some((c) => c._id === chatId);
    const chats = data.chats.map(patch).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return { ...data, chats };
  });
  let inInbox = false;
  queryClient.setQueryData<SupportInboxRowDto[]>(chatsKeys.support(), (rows) => {
    inInbox = rows?.some((c) => c._id === chatId) ?? false;
    return rows?.map(patch);
  });
  // A chat this tab has not listed yet (a new teammate's direct chat, a team's first support message).
  if (!known) void queryClient.invalidateQueries({ queryKey: chatsKeys.list() });
  if (!inInbox && queryClient.getQueryData(chatsKeys.support()))
    void queryClient.invalidateQueries({ queryKey: chatsKeys.support() });
}

/** A read mark (this tab's or another's): unread counts follow from the chat's newest sequence. */
export function applyRead(
  queryClient: QueryClient,
  read: { chatId: string; lastReadSeq: number; notifCount: number | null },
): void {
  const patch = <T extends { _id: string; lastSeq: number; lastReadSeq: number; notifCount: number }>(
    c: T,
  ): T => {
    if (c._id !== read.chatId) return c;
    const lastReadSeq = Math.max(c.lastReadSeq, read.lastReadSeq);
    return { ...c, lastReadSeq, notifCount: unreadCount(c.lastSeq, lastReadSeq) };
  };
  queryClient.setQueryData<ChatsData>(
    chatsKeys.list(),
    (data) => data && { ...data, chats: data.chats.map(patch) },
  );
  queryClient.setQueryData<SupportInboxRowDto[]>(chatsKeys.support(), (rows) => rows?.map(patch));
}

export function useApplyMessage() {
  const queryClient = useQueryClient();
  return useCallback(
    (message: ChatMessageDto, opts: { own: boolean }) => applyMessage(queryClient, message, opts.own),
    [queryClient],
  );
}

export function useApplyRead() {
  const queryClient = useQueryClient();
  return useCallback(
    (read: { chatId: string; lastReadSeq: number; notifCount: number | null }) =>
      applyRead(queryClient, read),
    [queryClient],
  );
}
