import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hijack as hijackEndpoint, type TokenAndUser } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useOpenImpersonatedSession } from '../hooks/use-open-impersonated-session';

export type HijackInput = { name: string };

/** Staff only: opens a session as the user with this name. Others get 403 'nope.'. */
export function hijack(input: HijackInput) {
  return call(hijackEndpoint, input);
}

export function useHijack() {
  const queryClient = useQueryClient();
  const openSession = useOpenImpersonatedSession(queryClient);
  return useMutation({ mutationFn: hijack, onSuccess: (result: TokenAndUser) => openSession(result) });
}
