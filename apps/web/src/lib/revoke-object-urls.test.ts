import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revokeObjectUrlsOnRemoval } from './revoke-object-urls';

afterEach(() => vi.restoreAllMocks());

describe('object URLs in the query cache', () => {
  it('are revoked when their query leaves the cache, and nothing else is', () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const client = new QueryClient();
    const stop = revokeObjectUrlsOnRemoval(client);
    client.setQueryData(['chats', 'image', 'a'], 'blob:http://localhost/1');
    client.setQueryData(['lists'], { lists: [] });
    client.setQueryData(['name'], 'blob is a word');

    client.removeQueries({ queryKey: ['lists'] });
    client.removeQueries({ queryKey: ['name'] });
    expect(revoke).not.toHaveBeenCalled();

    client.clear();
    expect(revoke).toHaveBeenCalledExactlyOnceWith('blob:http://localhost/1');
    stop();
  });
});
