import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscribe as endpoint, type PaidPlanName } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Subscribes to a paid plan with the saved card, or moves the subscription to it. Quiet: the dialog shows the answer's message itself. */
export function subscribe(input: { plan: PaidPlanName; monthly: boolean }) {
  return call(endpoint, input, { quiet: true });
}

/** The answer is the team's billing as it now stands: the screen and the top bar take it at once. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    onSuccess: (summary) => {
      queryClient.setQueryData(billingKeys.summary(), summary);
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
