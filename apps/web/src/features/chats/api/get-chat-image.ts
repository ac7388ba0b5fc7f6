import { useQuery } from '@tanstack/react-query';
import { callForFile } from '../../../lib/api-client';
import { chatsKeys } from './chats-keys';

/**
 * A chat image as an object URL, fetched with the session's token (an `<img>` cannot send it; the
 * files are the chat's members' alone). Kept for the session: a URL's file never changes.
 */
export function useChatImage(url: string | null) {
  return useQuery({
    queryKey: chatsKeys.image(url ?? ''),
    queryFn: async () => URL.createObjectURL((await callForFile(url!, { quiet: true })).blob),
    enabled: url !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
