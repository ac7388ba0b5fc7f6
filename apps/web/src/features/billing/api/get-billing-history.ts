import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getBillingHistory } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** One page of the credits' history, newest first; the page shown stays while the next loads. */
export function useBillingHistory(skip: number) {
  return useQuery({
    queryKey: billingKeys.history(skip),
    queryFn: () => call(getBillingHistory, undefined, { quiet: true, query: { skip: String(skip) } }),
    placeholderData: keepPreviousData,
  });
}
