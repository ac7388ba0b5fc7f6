import { useQuery } from '@tanstack/react-query';
import { getAffiliate } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { affiliateKeys } from './affiliate-keys';

/** The link, signups, earnings, payout account and history; quiet: the screen says itself when it failed. */
export function useAffiliate() {
  return useQuery({
    queryKey: affiliateKeys.summary(),
    queryFn: () => call(getAffiliate, undefined, { quiet: true }),
  });
}
