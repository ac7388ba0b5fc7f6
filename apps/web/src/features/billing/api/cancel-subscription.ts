import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelSubscription as endpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Cancels the subscription at the end of the period paid for. Quiet: the dialog shows the answer's message itself. */
export function cancelSubscription() {
  return call(endpoint, undefined, { quiet: true });
}

/** The answer is the team's billing as it now stands: the screen and the top bar take it at once. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (summary) => {
      queryClient.setQueryData(billingKeys.summary(), summary);
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
