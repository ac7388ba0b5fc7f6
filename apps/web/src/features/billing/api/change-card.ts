import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeCard as endpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Saves the card a confirmed SetupIntent (`token`) collected as the team’s card. Quiet: the dialog shows the answer's message itself. */
export function changeCard(input: { token: string }) {
  return call(endpoint, input, { quiet: true });
}

/** The answer is the team's billing as it now stands: the screen and the top bar take it at once. */
export function useChangeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCard,
    onSuccess: (summary) => {
      queryClient.setQueryData(billingKeys.summary(), summary);
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
