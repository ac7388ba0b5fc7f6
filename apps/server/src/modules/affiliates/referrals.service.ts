import {
  affiliateShareCents,
  AFFILIATE_SHARE_PERCENT,
  earnsAffiliateShare,
  formatCents,
  isSameCard,
  selfReferralReason,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AffiliatesContext } from './affiliates.context.js';
import * as q from './affiliates.queries.js';

/** A payment of a team, as the billing module reports it (`payments.onPaymentSucceeded`). */
export type ReferredPayment = {
  teamId: string;
  /** What the team paid, in cents. */
  amountCents: number;
  /** The provider's id of the payment: a payment reported twice earns once. */
  paymentId: string;
  /** What was paid for ('subscription', 'credits', …), named in the history. */
  kind: string;
  at: Date;
};

type SignupInput = {
  teamId: string;
  userId: string;
  affId: string | null;
  /** The signup's address and where it came from, and where the referrer's sessions came from. */
  email?: string;
  ip?: string;
  referrerIps?: (tx: Db, userId: string) => Promise<string[]>;
};

/**
 * At a first login that created a team: records the link's owner as the team's referrer. An
 * unknown code, or a code of the new user or their team, attributes nothing. Runs in the login's
 * transaction; answers whether a signup was recorded.
 */
async function attributeSignup(ctx: AffiliatesContext, tx: Db, input: SignupInput): Promise<boolean> {
  if (!input.affId) return false;
  const referrer = await q.findReferrerByCode(tx, input.affId);
  if (!referrer || referrer.userId === input.userId || referrer.teamId === input.teamId) return false;
  // The referrer's own second account earns nothing: refused, not held (ADR 032).
  if (input.email && input.ip) {
    const ips = input.referrerIps ? await input.referrerIps(tx, referrer.userId) : [];
    if (selfReferralReason({ email: referrer.email, ips }, { email: input.email, ip: input.ip }))
      return false;
  }
  return q.insertSignup(tx, {
    teamId: input.teamId,
    referrerId: referrer.userId,
    createdAt: ctx.clock.now(),
  });
}

/** A team paying with its referrer's own card is the referrer paying themselves (ADR 032). */
async function paysWithReferrersCard(ctx: AffiliatesContext, teamId: string, referrerId: string) {
  if (!ctx.cardOf) return false;
  const referrerTeamId = await q.findReferrerTeam(ctx.db, referrerId);
  if (!referrerTeamId) return false;
  const [paying, own] = await Promise.all([ctx.cardOf(teamId), ctx.cardOf(referrerTeamId)]);
  return isSameCard(paying, own);
}

/**
 * A payment of a team: when the team signed up through a link less than AFFILIATE_SHARE_MONTHS
 * before the payment, its referrer earns AFFILIATE_SHARE_PERCENT of it, once per `paymentId`.
 */
async function recordReferredPayment(
  ctx: AffiliatesContext,
  payment: ReferredPayment,
): Promise<{ earnedCents: number; duplicate: boolean }> {
  const none = { earnedCents: 0, duplicate: false };
  const signup = await q.findSignup(ctx.db, payment.teamId);
  if (!signup || !earnsAffiliateShare(signup.createdAt, payment.at)) return none;
  if (await paysWithReferrersCard(ctx, payment.teamId, signup.referrerId)) return none;
  const share = affiliateShareCents(payment.amountCents);
  if (share === 0) return none;
  return ctx.db.transaction(async (tx) => {
    const entry = await q.insertEarningOnce(tx, {
      userId: signup.referrerId,
      kind: 'earning',
      amount: share,
      minus: false,
      description: `${AFFILIATE_SHARE_PERCENT}% of ${formatCents(payment.amountCents)} paid by ${signup.teamName} (${payment.kind})`,
      paymentId: payment.paymentId,
      referredTeamId: payment.teamId,
      createdAt: payment.at,
    });
    if (!entry) return { earnedCents: 0, duplicate: true };
    await q.addEarnings(tx, signup.referrerId, ctx.codeOf(signup.referrerId), share, ctx.clock.now());
    return { earnedCents: share, duplicate: false };
  });
}

/** Teams that signed up through a link, and the referrer's share of their payments (ADR 021, 032). */
export function createReferrals(ctx: AffiliatesContext) {
  return {
    attributeSignup: (tx: Db, input: SignupInput) => attributeSignup(ctx, tx, input),
    recordReferredPayment: (payment: ReferredPayment) => recordReferredPayment(ctx, payment),
  };
}
