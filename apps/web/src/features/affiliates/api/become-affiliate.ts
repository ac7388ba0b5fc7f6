import { becomeAffiliate } from '@prospector/core';
import { call } from '../../../lib/api-client';

/** The payment provider's onboarding page for the payout account (GET /api/affiliates/become). */
export function fetchBecomeAffiliateUrl(): Promise<string> {
  return call(becomeAffiliate).then(({ url }) => url);
}
