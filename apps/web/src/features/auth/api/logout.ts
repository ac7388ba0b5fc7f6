import { useMutation } from '@tanstack/react-query';
import { logout as logoutEndpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';
import { useSessionStore } from '../../../lib/session-store';

/** Revokes one token on the server; failures are quiet because the device forgets it anyway. */
export function logout(token: string) {
  return call(logoutEndpoint, undefined, { token, quiet: true });
}

/**
 * Logs out at once on this device (tokens, socket, every cache and store), then revokes the
 * session's tokens on the server, including the staff member's own one while impersonating.
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      const { token, oldToken } = useSessionStore.getState();
      endSession();
      const tokens = [token, oldToken].filter((t): t is string => t !== null);
      await Promise.allSettled(tokens.map(logout));
    },
  });
}
