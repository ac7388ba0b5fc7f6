import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addCredits as endpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Loads credits: the saved card is charged the amount (at least $10). Quiet: the dialog shows the answer's message itself. */
export function addCredits(input: { amount: number | null }) {
  return call(endpoint, input, { quiet: true });
}

/** The answer is the team's billing as it now stands: the screen and the top bar take it at once. */
export function useAddCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCredits,
    onSuccess: (summary) => {
      queryClient.setQueryData(billingKeys.summary(), summary);
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
