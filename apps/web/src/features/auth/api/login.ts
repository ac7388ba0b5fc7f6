import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenAndUser } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { setSessionToken } from '../../../lib/session-store';
import { authKeys } from './auth-keys';

export type LoginInput = { email: string; code: string };

export async function login(input: LoginInput) {
  // Loaded on first use, as send-code.ts says.
  const { login: endpoint } = await import('@prospector/core/contract/auth/login');
  return call(endpoint, input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }: TokenAndUser) => {
      queryClient.setQueryData(authKeys.me(), { user });
      setSessionToken(token);
    },
  });
}
