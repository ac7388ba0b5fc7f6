import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** Stripe's publishable key, from the server's public configuration; null: payments are not configured. */
export function useStripeKey(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.stripeKey(),
    queryFn: async () => {
      // The contract of the public configuration is its own chunk (ADR 015): imported as its owner does.
      const { getPublicConfig } = await import('@prospector/core/contract/public-config');
      return (await call(getPublicConfig, undefined, { quiet: true })).stripePublishableKey;
    },
    enabled,
    staleTime: Infinity,
  });
}
