import { messages, serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of the affiliate programme, and how each answers over HTTP. */
export const affiliatesErrors = {
  AFFILIATE_OVER_EARNINGS: { status: 400, message: messages.affiliates.overEarnings },
  AFFILIATE_NO_PAYOUT_ACCOUNT: { status: 409, message: messages.affiliates.noPayoutAccount },
  PAYOUTS_NOT_CONFIGURED: { status: 501, message: messages.affiliates.payoutsNotConfigured },
  PAYOUT_REFUSED: { status: 422, message: serverMessages.affiliates.payoutRefused },
  // Not 502: the web client stays silent on Bad Gateway, and the person must read this.
  PAYOUT_UNAVAILABLE: { status: 503, message: serverMessages.affiliates.payoutUnavailable },
} satisfies Record<string, ErrorAnswer>;

export type AffiliatesErrorCode = keyof typeof affiliatesErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    affiliates: typeof affiliatesErrors;
  }
}
