import { queryOptions, useQuery } from '@tanstack/react-query';
import { listChats } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { chatsKeys } from './chats-keys';

export type ChatsData = Awaited<ReturnType<typeof getChats>>;

export function getChats() {
  return call(listChats, undefined, { quiet: true });
}

export const chatsQueryOptions = () => queryOptions({ queryKey: chatsKeys.list(), queryFn: getChats });

/** The reader's chats (spec part 1 §2.6) and whether the widget shows at all (§2.1). */
export function useChats() {
  return useQuery(chatsQueryOptions());
}
