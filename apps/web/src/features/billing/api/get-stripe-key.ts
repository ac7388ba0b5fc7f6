import { useQuery } from '@tanstack/react-query';
import { getPublicConfig } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Stripe's publishable key, from the server's public configuration; null: payments are not configured. */
export function useStripeKey(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.stripeKey(),
    queryFn: async () =>
      (await call(getPublicConfig, undefined, { quiet: true, token: null })).stripePublishableKey,
    enabled,
    staleTime: Infinity,
  });
}
