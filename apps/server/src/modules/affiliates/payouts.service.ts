import { paths, type AffiliateSummaryDto } from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import {
  PayoutRefusedError,
  PayoutsNotConfiguredError,
  PayoutUnavailableError,
} from '../../providers/payouts/index.js';
import { refusable, summaryOf, takeEarnings, type AffiliatesContext } from './affiliates.context.js';
import type { AffiliatesErrorCode } from './affiliates.errors.js';
import * as q from './affiliates.queries.js';

type Answer<T> = Promise<Result<T, AffiliatesErrorCode>>;

/** Whether the payout account can receive payouts now, asking the provider while it could not. */
async function payoutsEnabled(ctx: AffiliatesContext, account: q.AffiliateAccountRow): Promise<boolean> {
  if (!account.payoutAccountId) return false;
  if (account.payoutsEnabled) return true;
  const { payoutsEnabled: enabled } = await ctx.payouts.accountStatus(account.payoutAccountId);
  if (enabled) await q.setPayoutAccount(ctx.db, account.userId, { payoutsEnabled: true }, ctx.clock.now());
  return enabled;
}

/**
 * Sends a pending withdrawal with its own id as the idempotency key, so sending it again after a
 * lost answer pays once. Confirmed: done. Refused (the provider did nothing): removed and its amount
 * given back. Unreachable: stays pending, to be sent again.
 */
async function send(
  ctx: AffiliatesContext,
  entry: q.AffiliateEntryRow,
  accountId: string,
): Promise<'paid' | 'refused' | 'pending'> {
  const { db, clock } = ctx;
  try {
    const { transferId } = await ctx.payouts.transfer({
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
async function resendPending(ctx: AffiliatesContext, userId: string) {
  if (!ctx.payouts.configured) return;
  const pending = await q.pendingWithdrawals(ctx.db, userId);
  if (pending.length === 0) return;
  const account = await q.findAccount(ctx.db, userId);
  if (!account?.payoutAccountId) return;
  for (const entry of pending) await send(ctx, entry, account.payoutAccountId);
}

/** Whether the account may be paid now; the provider out of reach answers PAYOUT_UNAVAILABLE. */
async function payable(ctx: AffiliatesContext, account: q.AffiliateAccountRow): Answer<true> {
  try {
    return (await payoutsEnabled(ctx, account)) ? ok(true) : fail('AFFILIATE_NO_PAYOUT_ACCOUNT');
  } catch (err) {
    if (err instanceof PayoutUnavailableError || err instanceof PayoutRefusedError)
      return fail('PAYOUT_UNAVAILABLE');
    throw err;
  }
}

/**
 * Pays `cents` of the earnings out to the user's payout account. The earnings are taken first
 * (never more than they hold, however many withdrawals run at once), then the transfer is sent.
 */
async function withdraw(
  ctx: AffiliatesContext,
  auth: AuthContext,
  cents: number,
): Answer<AffiliateSummaryDto> {
  const { db, clock } = ctx;
  if (!ctx.payouts.configured) return fail('PAYOUTS_NOT_CONFIGURED');
  const account = await q.ensureAccount(db, auth.userId, ctx.codeOf(auth.userId), clock.now());
  const may = await payable(ctx, account);
  if (!may.ok) return may;
  const taken = await refusable(() =>
    db.transaction((tx) =>
      takeEarnings(ctx, tx, auth.userId, cents, {
        kind: 'withdrawal',
        state: 'pending',
        description: 'Withdrawal to your payout account',
      }),
    ),
  );
  if (!taken.ok) return taken;
  const sent = await send(ctx, taken.value, account.payoutAccountId!);
  if (sent === 'refused') return fail('PAYOUT_REFUSED');
  return ok(await summaryOf(ctx, auth.userId));
}

/**
 * The provider's onboarding page for the user's payout account, opening the account on first use.
 * Coming back lands on /settings/affiliate; an expired link on /settings/become-affiliate, which
 * asks for a fresh one.
 */
async function become(ctx: AffiliatesContext, auth: AuthContext): Answer<{ url: string }> {
  const { db, clock, payouts } = ctx;
  if (!payouts.configured) return fail('PAYOUTS_NOT_CONFIGURED');
  const account = await q.ensureAccount(db, auth.userId, ctx.codeOf(auth.userId), clock.now());
  const site = ctx.siteUrl.replace(/\/+$/, '');
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
}

/**
 * Earnings paid out to the user's payout account (ADR 021): the account opened and onboarded at the
 * provider, withdrawals sent with an idempotency key, and the ones whose answer was lost sent again.
 * The caller has checked the user is an admin.
 */
export function createPayoutsUseCases(ctx: AffiliatesContext) {
  return {
    resendPending: (userId: string) => resendPending(ctx, userId),
    withdraw: (auth: AuthContext, cents: number) => withdraw(ctx, auth, cents),
    become: (auth: AuthContext) => become(ctx, auth),
  };
}
