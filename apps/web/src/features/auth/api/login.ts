import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenAndUser } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifyInfo } from '../../../lib/notify';
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
    onSuccess: ({ token, user, notice }: TokenAndUser & { notice?: string | null }) => {
      queryClient.setQueryData(authKeys.me(), { user });
      setSessionToken(token);
      // Which team an address invited by several joined (ADR 032): said once, at this login.
      if (notice) notifyInfo(notice);
    },
  });
}
