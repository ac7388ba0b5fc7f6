import {
  affiliateLink,
  affiliateShareCents,
  AFFILIATE_SHARE_PERCENT,
  earnsAffiliateShare,
  formatCents,
  isSameCard,
  paths,
  selfReferralReason,
  type AffiliateSummaryDto,
  type SavedCard,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { LedgerService, LoadReason } from '../billing/index.js';
import {
  PayoutRefusedError,
  PayoutsNotConfiguredError,
  PayoutUnavailableError,
  type Payouts,
} from '../../providers/payouts/index.js';
import { affiliateCode } from './affiliate-code.js';
import type { AffiliatesErrorCode } from './affiliates.errors.js';
import * as q from './affiliates.queries.js';

export type AffiliatesService = ReturnType<typeof createAffiliatesService>;

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

const HISTORY_LIMIT = 200;

/** The credits ledger's reason for earnings moved into credits (a load, ADR 021). */
const CREDITS_REASON: LoadReason = 'affiliateEarnings';

type Answer<T, C extends string = never> = Promise<Result<T, 'PERMISSION_REQUIRED' | C>>;

/** Thrown in a transaction to roll it back and answer a failure (never leaves this file). */
class Refused extends Error {
  constructor(readonly code: AffiliatesErrorCode) {
    super(code);
  }
}

/**
 * The affiliate programme (spec part 2 §2 'Affiliate', §5, §7, §9; ADR 021): a link per user, teams
 * that signed up through it, a share of their payments as earnings, and the earnings withdrawn to a
 * payout account or loaded into the team's credits. Admins only, as the screen is.
 */
export function createAffiliatesService(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  /** A team's saved card (billing's), to refuse earnings on payments with the referrer's own card. */
  cardOf?: (teamId: string) => Promise<SavedCard | null>;
  payouts: Payouts;
  secret: string;
  /** The product site the links point at (PUBLIC_URL). */
  siteUrl: string;
}) {
  const { db, clock, ledger, payouts } = deps;
  const codeOf = (userId: string) => affiliateCode(deps.secret, userId);
  const isAdmin = (auth: AuthContext) => auth.user.role === 'admin';

  async function summary(userId: string): Promise<AffiliateSummaryDto> {
    const account = await q.ensureAccount(db, userId, codeOf(userId), clock.now());
    const [entries, signups, earned] = await Promise.all([
      q.listEntries(db, userId, HISTORY_LIMIT),
      q.countSignups(db, userId),
      q.totalEarned(db, userId),
    ]);
    return {
      earnings: account.earnings / 100,
      totalEarned: earned / 100,
      link: affiliateLink(deps.siteUrl, account.code),
      signups,
      payoutAccount: !account.payoutAccountId ? 'none' : account.payoutsEnabled ? 'connected' : 'pending',
      payoutsConfigured: payouts.configured,
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

  /** Whether the payout account can receive payouts now, asking the provider while it could not. */
  async function payoutsEnabled(account: q.AffiliateAccountRow): Promise<boolean> {
    if (!account.payoutAccountId) return false;
    if (account.payoutsEnabled) return true;
    const { payoutsEnabled: enabled } = await payouts.accountStatus(account.payoutAccountId);
    if (enabled) await q.setPayoutAccount(db, account.userId, { payoutsEnabled: true }, clock.now());
    return enabled;
  }

  /**
   * Sends a pending withdrawal with its own id as the idempotency key, so sending it again after a
   * lost answer pays once. Confirmed: done. Refused (the provider did nothing): removed and its amount
   * given back. Unreachable: stays pending, to be sent again.
   */
  async function send(
    entry: q.AffiliateEntryRow,
    accountId: string,
  ): Promise<'paid' | 'refused' | 'pending'> {
    try {
      const { transferId } = await payouts.transfer({
        accountId,
        amountCents: entry.amount,
        reference: `affiliate-withdrawal-${entry.id}`,
        description: 'Prospector affiliate earnings',
      });
      await q.confirmWithdrawal(db, entry.id, transferId);
      return 'paid';
    } catch (err) {
      if (err instanceof PayoutRefusedError) {
        await db.transaction(async (tx) => {
          const dropped = await q.dropPendingWithdrawal(tx, entry.id);
          if (dropped) await q.giveBackEarnings(tx, dropped.userId, dropped.amount, clock.now());
        });
        return 'refused';
      }
      if (err instanceof PayoutUnavailableError) return 'pending';
      throw err;
    }
  }

  /** Sends again the withdrawals whose answer was lost (on the next visit of the screen). */
  async function resendPending(userId: string) {
    if (!payouts.configured) return;
    const pending = await q.pendingWithdrawals(db, userId);
    if (pending.length === 0) return;
    const account = await q.findAccount(db, userId);
    if (!account?.payoutAccountId) return;
    for (const entry of pending) await send(entry, account.payoutAccountId);
  }

  /** Takes `cents` from the earnings and writes its history line, in the caller's transaction. */
  async function take(
    tx: Db,
    userId: string,
    cents: number,
    entry: Omit<q.NewAffiliateEntry, 'userId' | 'amount' | 'minus' | 'createdAt'>,
  ) {
    const now = clock.now();
    const left = await q.takeEarnings(tx, userId, cents, now);
    if (left === null) throw new Refused('AFFILIATE_OVER_EARNINGS');
    return q.insertEntry(tx, { ...entry, userId, amount: cents, minus: true, createdAt: now });
  }

  async function refusable<T>(work: () => Promise<T>): Promise<Result<T, AffiliatesErrorCode>> {
    try {
      return ok(await work());
    } catch (err) {
      if (err instanceof Refused) return fail(err.code);
      throw err;
    }
  }

  return {
    /** The code of a user's link (what the link's hash is). */
    codeOf,

    async get(auth: AuthContext): Answer<AffiliateSummaryDto> {
      if (!isAdmin(auth)) return fail('PERMISSION_REQUIRED');
      await resendPending(auth.userId);
      return ok(await summary(auth.userId));
    },

    /**
     * At a first login that created a team: records the link's owner as the team's referrer. An
     * unknown code, or a code of the new user or their team, attributes nothing. Runs in the login's
     * transaction; answers whether a signup was recorded.
     */
    async attributeSignup(
      tx: Db,
      input: {
        teamId: string;
        userId: string;
        affId: string | null;
        /** The signup's address and where it came from, and where the referrer's sessions came from. */
        email?: string;
        ip?: string;
        referrerIps?: (tx: Db, userId: string) => Promise<string[]>;
      },
    ): Promise<boolean> {
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
        createdAt: clock.now(),
      });
    },

    /**
     * A payment of a team: when the team signed up through a link less than AFFILIATE_SHARE_MONTHS
     * before the payment, its referrer earns AFFILIATE_SHARE_PERCENT of it, once per `paymentId`.
     */
    async recordReferredPayment(
      payment: ReferredPayment,
    ): Promise<{ earnedCents: number; duplicate: boolean }> {
      const signup = await q.findSignup(db, payment.teamId);
      if (!signup || !earnsAffiliateShare(signup.createdAt, payment.at))
        return { earnedCents: 0, duplicate: false };
      // A team paying with its referrer's own card is the referrer paying themselves (ADR 032).
      const referrerTeamId = deps.cardOf ? await q.findReferrerTeam(db, signup.referrerId) : null;
      if (deps.cardOf && referrerTeamId) {
        const [paying, own] = await Promise.all([deps.cardOf(payment.teamId), deps.cardOf(referrerTeamId)]);
        if (isSameCard(paying, own)) return { earnedCents: 0, duplicate: false };
      }
      const share = affiliateShareCents(payment.amountCents);
      if (share === 0) return { earnedCents: 0, duplicate: false };
      return db.transaction(async (tx) => {
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
        await q.addEarnings(tx, signup.referrerId, codeOf(signup.referrerId), share, clock.now());
        return { earnedCents: share, duplicate: false };
      });
    },

    /**
     * Pays `cents` of the earnings out to the user's payout account. The earnings are taken first
     * (never more than they hold, however many withdrawals run at once), then the transfer is sent.
     */
    async withdraw(auth: AuthContext, cents: number): Answer<AffiliateSummaryDto, AffiliatesErrorCode> {
      if (!isAdmin(auth)) return fail('PERMISSION_REQUIRED');
      if (!payouts.configured) return fail('PAYOUTS_NOT_CONFIGURED');
      const account = await q.ensureAccount(db, auth.userId, codeOf(auth.userId), clock.now());
      try {
        if (!(await payoutsEnabled(account))) return fail('AFFILIATE_NO_PAYOUT_ACCOUNT');
      } catch (err) {
        if (err instanceof PayoutUnavailableError || err instanceof PayoutRefusedError)
          return fail('PAYOUT_UNAVAILABLE');
        throw err;
      }
      const taken = await refusable(() =>
        db.transaction((tx) =>
          take(tx, auth.userId, cents, {
            kind: 'withdrawal',
            state: 'pending',
            description: 'Withdrawal to your payout account',
          }),
        ),
      );
      if (!taken.ok) return taken;
      const sent = await send(taken.value, account.payoutAccountId!);
      if (sent === 'refused') return fail('PAYOUT_REFUSED');
      return ok(await summary(auth.userId));
    },

    /**
     * Moves `cents` of the earnings into the team's credits: the earnings' line and the ledger's
     * entry commit together or not at all, and the ledger entry carries the line's id as its external
     * id, so it can never be credited twice.
     */
    async loadAccount(auth: AuthContext, cents: number): Answer<AffiliateSummaryDto, AffiliatesErrorCode> {
      if (!isAdmin(auth)) return fail('PERMISSION_REQUIRED');
      await q.ensureAccount(db, auth.userId, codeOf(auth.userId), clock.now());
      const loaded = await refusable(() =>
        db.transaction(async (tx) => {
          const entry = await take(tx, auth.userId, cents, {
            kind: 'credits',
            description: 'Loaded into credits',
          });
          const credited = await ledger.load(
            {
              teamId: auth.teamId,
              amount: cents * 100,
              reason: CREDITS_REASON,
              externalId: `affiliate-load-${entry.id}`,
              description: 'Affiliate earnings loaded into credits',
              actorId: auth.userId,
            },
            tx,
          );
          if (!credited.ok) throw new Error(`affiliate earnings could not be credited: ${credited.code}`);
        }),
      );
      if (!loaded.ok) return loaded;
      return ok(await summary(auth.userId));
    },

    /**
     * The provider's onboarding page for the user's payout account, opening the account on first use.
     * Coming back lands on /settings/affiliate; an expired link on /settings/become-affiliate, which
     * asks for a fresh one.
     */
    async become(auth: AuthContext): Answer<{ url: string }, AffiliatesErrorCode> {
      if (!isAdmin(auth)) return fail('PERMISSION_REQUIRED');
      if (!payouts.configured) return fail('PAYOUTS_NOT_CONFIGURED');
      const account = await q.ensureAccount(db, auth.userId, codeOf(auth.userId), clock.now());
      const site = deps.siteUrl.replace(/\/+$/, '');
      try {
        let accountId = account.payoutAccountId;
        if (!accountId) {
          ({ accountId } = await payouts.createAccount({ email: auth.user.email, userId: auth.userId }));
          await q.setPayoutAccount(db, auth.userId, { payoutAccountId: accountId }, clock.now());
        }
        const url = await payouts.onboardingLink({
          accountId,
          returnUrl: `${site}${paths.settings.affiliate}`,
          refreshUrl: `${site}${paths.settings.becomeAffiliate}`,
        });
        return ok({ url });
      } catch (err) {
        if (err instanceof PayoutsNotConfiguredError) return fail('PAYOUTS_NOT_CONFIGURED');
        if (err instanceof PayoutUnavailableError || err instanceof PayoutRefusedError)
          return fail('PAYOUT_UNAVAILABLE');
        throw err;
      }
    },
  };
}
