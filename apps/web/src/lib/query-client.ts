import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on a retry; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

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

revokeObjectUrlsOnRemoval(queryClient);
