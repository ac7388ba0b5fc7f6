import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addStatus, getStatuses } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { onboardingKeys } from './onboarding-keys';

export function useOnboardingStatuses() {
  return useQuery({
    queryKey: onboardingKeys.statuses(),
    queryFn: () => call(getStatuses, undefined, { quiet: true }),
    select: (data) => data.statuses,
  });
}

export function useAddStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => call(addStatus, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.statuses() }),
  });
}
