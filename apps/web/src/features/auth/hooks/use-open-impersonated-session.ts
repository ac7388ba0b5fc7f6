import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { TokenAndUser } from '@prospector/core';
import { beginImpersonation, getOldToken, getToken } from '../../../lib/session-store';
import { resetAllStores } from '../../../lib/store-registry';
import { authKeys } from '../api/auth-keys';
import { logout } from '../api/logout';

/**
 * Switches this device into a session opened by staff. The staff token is kept as `oldToken`;
 * an impersonated session being replaced is revoked. The previous user's data is dropped.
 */
export function useOpenImpersonatedSession(queryClient: QueryClient) {
  return useCallback(
    ({ token, user }: TokenAndUser) => {
      const replaced = getOldToken() ? getToken() : null;
      queryClient.clear();
      resetAllStores();
      queryClient.setQueryData(authKeys.me(), { user });
      beginImpersonation(token);
      if (replaced) void logout(replaced).catch(() => undefined);
    },
    [queryClient],
  );
}
