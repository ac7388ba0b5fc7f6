import { useQuery } from '@tanstack/react-query';
import { getSupportInbox } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { chatsKeys } from './chats-keys';

/** The staff's support inbox: every team's support chat, unread first, with its plan and credits. */
export function useSupportInbox(enabled: boolean) {
  return useQuery({
    queryKey: chatsKeys.support(),
    queryFn: async () => (await call(getSupportInbox)).chats,
    enabled,
  });
}
