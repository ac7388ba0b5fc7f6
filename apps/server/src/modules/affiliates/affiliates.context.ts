import { affiliateLink, type AffiliateSummaryDto, type SavedCard } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Refused, refusable as refusableIn } from '../../lib/result.js';
import type { LedgerService } from '../billing/index.js';
import type { Payouts } from '../../providers/payouts/index.js';
import { affiliateCode } from './affiliate-code.js';
import type { AffiliatesErrorCode } from './affiliates.errors.js';
import * as q from './affiliates.queries.js';

/** What the affiliate programme is built from (the plugin gives it). */
export type AffiliatesDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  /** A team's saved card (billing's), to refuse earnings on payments with the referrer's own card. */
  cardOf?: (teamId: string) => Promise<SavedCard | null>;
  payouts: Payouts;
  secret: string;
  /** The product site the links point at (PUBLIC_URL). */
  siteUrl: string;
};

/** The deps, with the code of a user's link: what every use case of the programme shares. */
export type AffiliatesContext = AffiliatesDeps & { codeOf: (userId: string) => string };

export const affiliatesContext = (deps: AffiliatesDeps): AffiliatesContext => ({
  ...deps,
  codeOf: (userId) => affiliateCode(deps.secret, userId),
});

const HISTORY_LIMIT = 200;

/** The screen's summary of a user's programme: earnings, link, signups, payout account, history. */
export async function summaryOf(ctx: AffiliatesContext, userId: string): Promise<AffiliateSummaryDto> {
  const { db, clock } = ctx;
  const account = await q.ensureAccount(db, userId, ctx.codeOf(userId), clock.now());
  const [entries, signups, earned] = await Promise.all([
    q.listEntries(db, userId, HISTORY_LIMIT),
    q.countSignups(db, userId),
    q.totalEarned(db, userId),
  ]);
  return {
    earnings: account.earnings / 100,
    totalEarned: earned / 100,
    link: affiliateLink(ctx.siteUrl, account.code),
    signups,
    payoutAccount: !account.payoutAccountId ? 'none' : account.payoutsEnabled ? 'connected' : 'pending',
    payoutsConfigured: ctx.payouts.configured,
    history: entries.map((e) => ({
      _id: e.id,
      amount: e.amount / 100,
      minus: e.minus,
      description: e.description,
      createdAt: e.createdAt.toISOString(),
      pending: e.state === 'pending',
    })),
  };
}

/** Takes `cents` from the earnings and writes its history line, in the caller's transaction. */
export async function takeEarnings(
  ctx: AffiliatesContext,
  tx: Db,
  userId: string,
  cents: number,
  entry: Omit<q.NewAffiliateEntry, 'userId' | 'amount' | 'minus' | 'createdAt'>,
) {
  const now = ctx.clock.now();
  const left = await q.takeEarnings(tx, userId, cents, now);
  if (left === null) throw new Refused<AffiliatesErrorCode>('AFFILIATE_OVER_EARNINGS');
  return q.insertEntry(tx, { ...entry, userId, amount: cents, minus: true, createdAt: now });
}

/** Runs `work`, answering the failure a `Refused` inside it names (its transaction rolled back). */
export const refusable = <T>(work: () => Promise<T>) => refusableIn<T, AffiliatesErrorCode>(work);
