import { z } from 'zod';
import { parseAffiliateAmount } from '../../rules/affiliate.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/*
 * Settings > Affiliate (spec part 2 §2, §3 'Affiliate history entry', §7 'affiliates'; ADR 021). Money
 * crosses the wire in dollars to 2 decimals, as the spec's `affEarnings` and `amount`; the server keeps
 * whole cents.
 */

/** One line of the affiliate history (spec part 2 §3): `minus` for money that left the earnings. */
export const affiliateEntryDto = z.object({
  _id: text(),
  /** Dollars, positive; `minus` says which way. */
  amount: z.number(),
  minus: z.boolean(),
  description: text(),
  createdAt: text(),
  /** A withdrawal the payment provider has not confirmed yet. */
  pending: z.boolean(),
});
export type AffiliateEntryDto = z.infer<typeof affiliateEntryDto>;

/**
 * The user's affiliate figures (the spec's user fields stripeAccId, affEarnings, affHistory, as this
 * product names them): what the screen shows and what withdraw and loadAccount answer.
 */
export const affiliateSummaryDto = z.object({
  /** Dollars the user can withdraw or load, to 2 decimals. */
  earnings: z.number(),
  /** Every cent ever earned, withdrawn or not. */
  totalEarned: z.number(),
  link: text(),
  signups: z.number().int(),
  /** The payout account: none yet, created but onboarding not finished, or able to receive payouts. */
  payoutAccount: z.enum(['none', 'pending', 'connected']),
  /** A payouts provider is configured (Stripe Connect); loading into credits works without one. */
  payoutsConfigured: z.boolean(),
  history: z.array(affiliateEntryDto),
});
export type AffiliateSummaryDto = z.infer<typeof affiliateSummaryDto>;

/** Dollars a person entered (rules/affiliate.ts parseAffiliateAmount): its sentence when refused. */
const amount = z.unknown().transform((value, ctx) => {
  const parsed = parseAffiliateAmount(value);
  if (parsed.ok) return parsed.cents / 100;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});
const amountBody = z.object({ amount });

export const getAffiliate = defineEndpoint({
  method: 'GET',
  path: '/api/affiliates/get',
  auth: true,
  response: affiliateSummaryDto,
});

/** Pays `amount` of the earnings out to the connected payout account (spec part 2 §5). */
export const withdrawAffiliate = defineEndpoint({
  method: 'POST',
  path: '/api/affiliates/withdraw',
  auth: true,
  body: amountBody,
  response: affiliateSummaryDto,
});

/** Moves `amount` of the earnings into the team's credits. */
export const loadAffiliateAccount = defineEndpoint({
  method: 'POST',
  path: '/api/affiliates/loadAccount',
  auth: true,
  body: amountBody,
  response: affiliateSummaryDto,
});

/** The payment provider's onboarding page for the payout account, to redirect to. */
export const becomeAffiliate = defineEndpoint({
  method: 'GET',
  path: '/api/affiliates/become',
  auth: true,
  response: z.object({ url: text() }),
});
