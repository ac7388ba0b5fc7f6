import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBilling } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** The plan, the credits and whether payments are configured; quiet: each place says itself when it failed. */
export const billingQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.summary(),
    queryFn: () => call(getBilling, undefined, { quiet: true }),
  });

export function useBilling(enabled = true) {
  return useQuery({ ...billingQueryOptions(), enabled });
}
