import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getIntegrations, updateHooks, type Integrations } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { authKeys } from '../../auth/api/auth-keys';

export const integrationsKeys = { all: ['integrations'] as const };

/** The team's hook URLs, hook secret and API key. */
export function useIntegrations() {
  return useQuery({ queryKey: integrationsKeys.all, queryFn: () => call(getIntegrations, undefined) });
}

export type HookUrls = Pick<Integrations, 'pushHook' | 'inboundHook' | 'outboundHook' | 'podioHook'>;

export function useSaveHooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hooks: HookUrls) => call(updateHooks, hooks),
    onSuccess: (saved) => {
      queryClient.setQueryData(integrationsKeys.all, saved);
      // Records offer 'Push to CRM' by the team's push hook, which the user's team summary carries.
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      notifySuccess('Hooks saved.');
    },
  });
}
