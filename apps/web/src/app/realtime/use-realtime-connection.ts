import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../features/auth';
import { endSession } from '../../lib/session';
import { connectSocket, disconnectSocket } from '../../lib/socket';

/**
 * Keeps one Socket.IO connection for the logged-in token. `init` refreshes the current user;
 * a revoked session or a refused token ends the session (and the router goes to /).
 */
export function useRealtimeConnection(token: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    connectSocket(token, {
      onInit: ({ user }) => queryClient.setQueryData(authKeys.me(), { user }),
      onSessionEnded: endSession,
    });
    return () => disconnectSocket();
  }, [token, queryClient]);
}
