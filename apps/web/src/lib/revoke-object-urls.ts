import type { QueryClient } from '@tanstack/react-query';

/**
 * A file the app shows with the session's token (a chat image, a voicemail) is cached as an object URL,
 * which holds the file in memory until revoked: it is revoked when its query leaves the cache (unused
 * for `gcTime`, or every query at logout).
 */
export function revokeObjectUrlsOnRemoval(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    const data: unknown = event.type === 'removed' ? event.query.state.data : undefined;
    if (typeof data === 'string' && data.startsWith('blob:')) URL.revokeObjectURL(data);
  });
}
