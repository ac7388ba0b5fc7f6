import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getIntegrations, updateHooks, type Integrations } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export const integrationsKeys = { all: ['integrations'] as const };

/** The team's hook URLs, hook secret and API key. */
export function useIntegrations() {
  return useQuery({ queryKey: integrationsKeys.all, queryFn: () => call(getIntegrations, undefined) });
}

export type HookUrls = Pick<Integrations, 'pushHook' | 'inboundHook' | 'outboundHook' | 'podioHook'>;

/** `onSaved`: the app patches what else shows the hooks (records offer 'Push to CRM' by the push hook). */
export function useSaveHooks(onSaved?: (saved: Integrations) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hooks: HookUrls) => call(updateHooks, hooks),
    onSuccess: (saved) => {
      queryClient.setQueryData(integrationsKeys.all, saved);
      onSaved?.(saved);
      notifySuccess('Hooks saved.');
    },
  });
}
