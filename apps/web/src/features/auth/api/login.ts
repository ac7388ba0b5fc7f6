import { useMutation, useQueryClient } from '@tanstack/react-query';
import { login as loginEndpoint, type TokenAndUser } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { setSessionToken } from '../../../lib/session-store';
import { authKeys } from './auth-keys';

export type LoginInput = { email: string; code: string };

export function login(input: LoginInput) {
  return call(loginEndpoint, input);
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
