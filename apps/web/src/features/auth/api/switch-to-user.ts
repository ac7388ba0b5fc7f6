import { useMutation, useQueryClient } from '@tanstack/react-query';
import { switchToUser as switchToUserEndpoint, type TokenAndUser } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { useOpenImpersonatedSession } from '../hooks/use-open-impersonated-session';

export type SwitchToUserInput = { teamId: string };

/** Staff only: opens a session as the admin of a team (used by the admin area's team list). */
export function switchToUser(input: SwitchToUserInput) {
  return call(switchToUserEndpoint, input);
}

/**
 * `beforeOpen` runs as the answer arrives, before the session changes: the admin panel leaves for the
 * dashboard there, while it is still mounted (the team's admin cannot see the admin area).
 */
export function useSwitchToUser(beforeOpen?: () => void) {
  const queryClient = useQueryClient();
  const openSession = useOpenImpersonatedSession(queryClient);
  return useMutation({
    mutationFn: switchToUser,
    onSuccess: (result: TokenAndUser) => {
      beforeOpen?.();
      openSession(result);
    },
  });
}
