import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiKey, listApiKeys, revokeApiKey, type ApiScope } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export const apiKeysKeys = { all: ['apiKeys'] as const, list: () => ['apiKeys', 'list'] as const };

/** The team's API keys (never the keys themselves). */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKeys.list(), queryFn: () => call(listApiKeys, undefined) });
}

/** Makes a key; the answer holds the key itself, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scopes: ApiScope[] }) => call(createApiKey, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(revokeApiKey, { _id: id }),
    onSuccess: (key) => {
      notifySuccess(`'${key.name}' is revoked.`);
      return queryClient.invalidateQueries({ queryKey: apiKeysKeys.all });
    },
  });
}
