import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useConnectionStore } from '../../lib/connection-store';

/**
 * Events sent while the link was down are lost (Socket.IO does not replay them): when it comes back,
 * every query a screen shows is fetched again, so a thread, a board or a count shows what happened
 * meanwhile. Queries no screen shows are only marked stale.
 */
export function useRefetchOnReconnect() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let previous = useConnectionStore.getState().status;
    return useConnectionStore.subscribe(({ status }) => {
      if (status === 'connected' && previous === 'reconnecting') void queryClient.invalidateQueries();
      previous = status;
    });
  }, [queryClient]);
}
