import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endImpersonation } from '../../../lib/session-store';
import { resetAllStores } from '../../../lib/store-registry';
import { logout } from '../api/logout';
import { meQueryOptions } from '../api/get-me';
import { paths } from '@prospector/core';

/**
 * Staff leave an impersonated session: their own token comes back, the user is reloaded, and they
 * land in the admin area they came from (issue 30 item 34), not on their own team's dashboard.
 */
export function useSwitchBack() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const impersonated = endImpersonation();
    if (!impersonated) return;
    queryClient.clear();
    resetAllStores();
    void queryClient.prefetchQuery(meQueryOptions());
    void navigate(paths.admin.root);
    void logout(impersonated).catch(() => undefined);
  }, [queryClient, navigate]);
}
