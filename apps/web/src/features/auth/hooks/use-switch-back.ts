import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endImpersonation } from '../../../lib/session-store';
import { resetAllStores } from '../../../lib/store-registry';
import { logout } from '../api/logout';
import { meQueryOptions } from '../api/get-me';

/** Staff leave an impersonated session: their own token comes back and the user is reloaded. */
export function useSwitchBack() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const impersonated = endImpersonation();
    if (!impersonated) return;
    queryClient.clear();
    resetAllStores();
    void queryClient.prefetchQuery(meQueryOptions());
    void logout(impersonated).catch(() => undefined);
  }, [queryClient]);
}
