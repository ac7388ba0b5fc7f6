import { useQuery } from '@tanstack/react-query';
import { getBillingUsage } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** This month's texts, calls and users against the plan's limits. */
export function useBillingUsage() {
  return useQuery({
    queryKey: billingKeys.usage(),
    queryFn: () => call(getBillingUsage, undefined, { quiet: true }),
  });
}
