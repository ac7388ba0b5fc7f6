import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';
import { useSessionStore } from '../../../lib/session-store';

/** Revokes one token on the server; failures are quiet because the device forgets it anyway. */
export async function logout(token: string) {
  // Loaded on first use, as send-code.ts says: the login form's staff path can revoke a session.
  const { logout: endpoint } = await import('@prospector/core/contract/auth/logout');
  return call(endpoint, undefined, { token, quiet: true });
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
