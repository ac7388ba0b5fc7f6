import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenAndUser } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useOpenImpersonatedSession } from '../hooks/use-open-impersonated-session';

export type HijackInput = { name: string };

/** Staff only: opens a session as the user with this name. Others get 403 'nope.'. */
export async function hijack(input: HijackInput) {
  // Loaded on first use, as send-code.ts says: the login form offers it.
  const { hijack: endpoint } = await import('@prospector/core/contract/admin/hijack');
  return call(endpoint, input);
}

export function useHijack() {
  const queryClient = useQueryClient();
  const openSession = useOpenImpersonatedSession(queryClient);
  return useMutation({ mutationFn: hijack, onSuccess: (result: TokenAndUser) => openSession(result) });
}
