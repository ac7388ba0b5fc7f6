import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addGroup, addSubTemplate, addTemplate, getTemplates } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { onboardingKeys } from './onboarding-keys';

/** The team's template groups, templates and subtemplates. */
export function useOnboardingTemplates() {
  return useQuery({
    queryKey: onboardingKeys.templates(),
    queryFn: () => call(getTemplates, undefined, { quiet: true }),
  });
}

function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: onboardingKeys.templates() });
}

export function useAddSubtemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: (body: { name: string; values: string[] }) => call(addSubTemplate, body),
    onSuccess: refresh,
  });
}

/** A new group with its first template. */
export function useAddGroupWithTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: async ({ name, text }: { name: string; text: string }) => {
      const group = await call(addGroup, { name });
      await call(addTemplate, { text, groupId: group._id });
    },
    onSettled: refresh,
  });
}

export function useAddTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: (body: { text: string; groupId: string }) => call(addTemplate, body),
    onSuccess: refresh,
  });
}
