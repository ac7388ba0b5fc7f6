import {
  addCreditsProblem,
  autofillProblem,
  dollarsToCents,
  dollarsToUnits,
  managesPayments,
  messages,
  type BillingSummary,
  type PaidPlanName,
  serverMessages,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import {
  CardDeclinedError,
  PaymentsFailedError,
  PaymentsNotConfiguredError,
  type PaymentsProvider,
} from '../../providers/payments/index.js';
import type { BillingErrorCode } from './billing.errors.js';
import type { LedgerService } from './ledger.service.js';
import type { PaymentRecords } from './payment-records.js';
import { billingSummary } from './payment-summary.js';
import * as q from './payments.queries.js';
import type { PlansService } from './plans.service.js';

type Code =
  | Extract<
      BillingErrorCode,
      | 'PAYMENTS_NOT_CONFIGURED'
      | 'CARD_REQUIRED'
      | 'PAYMENT_INVALID'
      | 'CARD_DECLINED'
      | 'PAYMENTS_FAILED'
      | 'NO_SUBSCRIPTION'
    >
  | 'PERMISSION_REQUIRED';
type Answer<T> = Promise<Result<T, Code>>;

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** A state we learn from our own call, stamped to the second as Stripe stamps its events, to compare with them. */
const stripeSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/**
 * Settings > Billing's payments (spec part 2 §2, §5, §7; ADR 019): the card, credits bought with it,
 * autofill, and the subscription. Admins only. Each provider call's idempotency key names the
 * operation (the team's n-th load, n-th subscription…), so a retry never pays twice.
 */
export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  provider: PaymentsProvider;
  plans: PlansService;
  ledger: LedgerService;
  records: PaymentRecords;
}) {
  const { db, clock, provider, records } = deps;

  /** The provider's failures as answers; anything else is a bug and throws. */
  async function paying<T>(work: () => Promise<Result<T, Code>>): Answer<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof PaymentsNotConfiguredError) return fail('PAYMENTS_NOT_CONFIGURED');
      if (err instanceof CardDeclinedError) return fail('CARD_DECLINED', err.message);
      if (err instanceof PaymentsFailedError) return fail('PAYMENTS_FAILED', err.message);
      throw err;
    }
  }

  const guard = (auth: AuthContext) =>
    !managesPayments(auth.user)
      ? 'PERMISSION_REQUIRED'
      : !provider.configured
        ? 'PAYMENTS_NOT_CONFIGURED'
        : null;

  const summary = (teamId: string) =>
    billingSummary({ db, provider, plans: deps.plans, ledger: deps.ledger }, teamId);

  /** The team's customer at the provider, created once (its key is the team's: a retry finds the same). */
  async function customerOf(auth: AuthContext) {
    const account = await q.ensureAccount(db, auth.teamId, clock.now());
    if (account.customerId) return { ...account, customerId: account.customerId };
    const customerId = await provider.createCustomer(
      { teamId: auth.teamId, name: auth.user.team.name, email: auth.user.email },
      `customer:${auth.teamId}`,
    );
    await q.setCustomerOnce(db, auth.teamId, customerId, clock.now());
    const saved = (await q.findAccount(db, auth.teamId))!;
    return { ...saved, customerId: saved.customerId! };
  }

  /** Saves the card a confirmed SetupIntent collected as the customer's default. */
  async function saveCard(auth: AuthContext, token: string): Answer<true> {
    const account = await customerOf(auth);
    const si = await provider.readSetupIntent(token);
    if (si.customerId !== account.customerId || si.status !== 'succeeded' || !si.card)
      return fail('PAYMENT_INVALID', serverMessages.billing.cardNotSaved);
    await provider.setDefaultCard(account.customerId, si.card.paymentMethodId, `default-card:${token}`);
    await q.updateAccount(
      db,
      auth.teamId,
      {
        paymentMethodId: si.card.paymentMethodId,
        cardBrand: si.card.brand,
        cardLast4: si.card.last4,
        cardExpMonth: si.card.expMonth,
        cardExpYear: si.card.expYear,
      },
      clock.now(),
    );
    await q.advanceCounter(db, auth.teamId, 'cardSeq', account.cardSeq);
    return ok(true);
  }

  const withSummary = async (teamId: string, r: Result<unknown, Code>): Answer<BillingSummary> =>
    r.ok ? ok(await summary(teamId)) : r;

  return {
    summary,

    createSetupIntent: (auth: AuthContext) =>
      paying(async () => {
        const refused = guard(auth);
        if (refused) return fail(refused);
        const account = await customerOf(auth);
        const si = await provider.createSetupIntent(
          account.customerId,
          `setup:${auth.teamId}:${account.cardSeq}`,
        );
        return ok({ setupIntentId: si.id, clientSecret: si.clientSecret });
      }),

    changeCard: (auth: AuthContext, token: string) =>
      paying(async () => {
        const refused = guard(auth);
        if (refused) return fail(refused);
        return withSummary(auth.teamId, await saveCard(auth, token));
      }),

    subscribe: (
      auth: AuthContext,
      input: { plan: PaidPlanName; monthly: boolean; token?: string | undefined },
    ) =>
      paying(async () => {
        const refused = guard(auth);
        if (refused) return fail(refused);
        if (input.token) {
          const saved = await saveCard(auth, input.token);
          if (!saved.ok) return saved;
        }
        const account = await customerOf(auth);
        if (!account.paymentMethodId) return fail('CARD_REQUIRED');
        const live =
          account.subscriptionId &&
          account.subscriptionStatus &&
          !['canceled', 'incomplete_expired'].includes(account.subscriptionStatus);
        const sub = live
          ? await provider.changeSubscription(
              account.subscriptionId!,
              input.plan,
              input.monthly,
              `subscription-change:${account.subscriptionId}:${account.subscriptionSeq}:${input.plan}:${input.monthly ? 'm' : 'y'}`,
            )
          : await provider.subscribe(
              {
                customerId: account.customerId,
                paymentMethodId: account.paymentMethodId,
                plan: input.plan,
                monthly: input.monthly,
                teamId: auth.teamId,
              },
              `subscription:${auth.teamId}:${account.subscriptionSeq}`,
            );
        await records.recording(async (tx, told) => {
          await records.applySubscription(tx, auth.teamId, sub, stripeSecond(clock.now()));
          if (sub.latestInvoice?.paid)
            await records.subscriptionPaid(tx, told, {
              teamId: auth.teamId,
              invoiceId: sub.latestInvoice.id,
              amountCents: sub.latestInvoice.amountPaidCents,
            });
          await q.advanceCounter(tx, auth.teamId, 'subscriptionSeq', account.subscriptionSeq);
        });
        if (sub.status !== 'active' && sub.status !== 'trialing')
          return fail('CARD_DECLINED', serverMessages.billing.subscriptionDeclined);
        return ok(await summary(auth.teamId));
      }),

    cancelSubscription: (auth: AuthContext) =>
      paying(async () => {
        const refused = guard(auth);
        if (refused) return fail(refused);
        const account = await q.findAccount(db, auth.teamId);
        if (!account?.subscriptionId || account.subscriptionStatus === 'canceled')
          return fail('NO_SUBSCRIPTION');
        const sub = await provider.cancelAtPeriodEnd(
          account.subscriptionId,
          `cancel:${account.subscriptionId}`,
        );
        await records.recording((tx) =>
          records.applySubscription(tx, auth.teamId, sub, stripeSecond(clock.now())),
        );
        return ok(await summary(auth.teamId));
      }),

    changeAutoFill: (
      auth: AuthContext,
      input: { autoFill: boolean; load?: number | null | undefined; lowerThan?: number | null | undefined },
    ) =>
      paying(async () => {
        if (!managesPayments(auth.user)) return fail('PERMISSION_REQUIRED');
        const account = await q.ensureAccount(db, auth.teamId, clock.now());
        if (input.autoFill && !provider.configured) return fail('PAYMENTS_NOT_CONFIGURED');
        const problem = autofillProblem(
          { autoFill: input.autoFill, load: input.load, lowerThan: input.lowerThan },
          !!account.paymentMethodId,
        );
        if (problem)
          return fail(
            problem === messages.billing.addCardBeforeAutofill ? 'CARD_REQUIRED' : 'PAYMENT_INVALID',
            problem,
          );
        await q.updateAccount(
          db,
          auth.teamId,
          {
            autoFill: input.autoFill,
            ...(input.load != null ? { autofillLoad: dollarsToUnits(input.load) } : {}),
            ...(input.lowerThan != null ? { autofillLowerThan: dollarsToUnits(input.lowerThan) } : {}),
            autofillFailure: null,
          },
          clock.now(),
        );
        return ok(await summary(auth.teamId));
      }),

    addCredits: (auth: AuthContext, amount: number | null | undefined) =>
      paying(async () => {
        const refused = guard(auth);
        if (refused) return fail(refused);
        const account = await customerOf(auth);
        const problem = addCreditsProblem(amount, !!account.paymentMethodId);
        if (problem)
          return fail(
            problem === messages.billing.addCardFirst ? 'CARD_REQUIRED' : 'PAYMENT_INVALID',
            problem,
          );
        const amountCents = dollarsToCents(amount!)!;
        const payment = await provider.chargeCard(
          {
            customerId: account.customerId,
            paymentMethodId: account.paymentMethodId!,
            amountCents,
            description: 'Prospector credits',
            metadata: { teamId: auth.teamId, purpose: 'credits' },
            offSession: false,
          },
          `credits:${auth.teamId}:${account.loadSeq}`,
        );
        await q.advanceCounter(db, auth.teamId, 'loadSeq', account.loadSeq);
        if (payment.status === 'requires_action' || payment.status === 'failed')
          return fail('CARD_DECLINED', serverMessages.billing.paymentNeedsAction);
        // 'processing' is credited by the webhook once it succeeds.
        if (payment.status === 'succeeded')
          await records.recording((tx, told) =>
            records.credit(tx, told, {
              teamId: auth.teamId,
              paymentId: payment.id,
              amountCents: payment.amountCents,
              kind: 'credits',
              actorId: auth.userId,
            }),
          );
        return ok(await summary(auth.teamId));
      }),
  };
}
