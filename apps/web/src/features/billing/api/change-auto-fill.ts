import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeAutoFill as endpoint } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Saves the autofill settings (on needs a card). Quiet: the dialog shows the answer's message itself. */
export function changeAutoFill(input: {
  autoFill: boolean;
  load?: number | null;
  lowerThan?: number | null;
}) {
  return call(endpoint, input, { quiet: true });
}

/** The answer is the team's billing as it now stands: the screen and the top bar take it at once. */
export function useChangeAutoFill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAutoFill,
    onSuccess: (summary) => {
      queryClient.setQueryData(billingKeys.summary(), summary);
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
