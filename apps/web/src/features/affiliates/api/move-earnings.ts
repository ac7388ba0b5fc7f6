import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadAffiliateAccount, withdrawAffiliate } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { affiliateKeys } from './affiliate-keys';

/** Where earnings go: cash to the payout account, or the team's credits. */
export type EarningsMove = 'withdraw' | 'loadAccount';

const ENDPOINTS = { withdraw: withdrawAffiliate, loadAccount: loadAffiliateAccount } as const;

/**
 * POST /api/affiliates/withdraw or /loadAccount {amount}: the answer is the updated summary, put in
 * the cache. Quiet: the dialog shows a refusal beside the amount.
 */
export function useMoveEarnings(move: EarningsMove, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => call(ENDPOINTS[move], { amount }, { quiet: true }),
    onSuccess: (summary) => {
      queryClient.setQueryData(affiliateKeys.summary(), summary);
      onDone();
    },
  });
}
