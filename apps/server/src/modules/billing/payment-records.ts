import {
  centsToUnits,
  planUnderSubscription,
  subscriptionEventApplies,
  type PaymentKind,
} from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ProviderSubscription } from '../../providers/payments/index.js';
import type { LedgerService } from './ledger.service.js';
import * as q from './payments.queries.js';
import type { PlansService } from './plans.service.js';

/** A payment that succeeded and is recorded: what other modules (affiliates) hear of, once each. */
export type PaymentSucceeded = {
  teamId: string;
  amountCents: number;
  paymentId: string;
  kind: PaymentKind;
  at: Date;
};
export type PaymentListener = (payment: PaymentSucceeded) => void | Promise<void>;

const DESCRIPTIONS: Record<'credits' | 'autofill', string> = {
  credits: 'Credits loaded by card',
  autofill: 'Autofill: credits loaded by card',
};

/**
 * Where a payment becomes the product's, whichever hears of it first (the answer to our own call,
 * or Stripe's webhook): credits through the ledger (once per PaymentIntent id, ADR 018), a plan from
 * a subscription's state (never an older one), and one `payments` row per payment, whose first
 * writer tells the listeners after its transaction commits.
 */
export function createPaymentRecords(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  plans: PlansService;
  log: FastifyBaseLogger;
}) {
  const listeners: PaymentListener[] = [];

  function tell(payment: PaymentSucceeded) {
    for (const listener of listeners)
      void Promise.resolve()
        .then(() => listener(payment))
        .catch((err: unknown) =>
          deps.log.error({ err, paymentId: payment.paymentId }, 'payment listener failed'),
        );
  }

  /** Runs `work` in a transaction; tells the listeners of the payments it recorded once it commits. */
  async function recording<T>(work: (tx: Db, told: PaymentSucceeded[]) => Promise<T>): Promise<T> {
    const told: PaymentSucceeded[] = [];
    const result = await deps.db.transaction((tx) => work(tx, told));
    told.forEach(tell);
    return result;
  }

  async function credit(
    tx: Db,
    told: PaymentSucceeded[],
    p: {
      teamId: string;
      paymentId: string;
      amountCents: number;
      kind: 'credits' | 'autofill';
      actorId?: string | null;
    },
  ) {
    const loaded = await deps.ledger.load(
      {
        teamId: p.teamId,
        amount: centsToUnits(p.amountCents),
        reason: p.kind === 'autofill' ? 'autofill' : 'load',
        externalId: p.paymentId,
        description: DESCRIPTIONS[p.kind],
        actorId: p.actorId ?? null,
      },
      tx,
    );
    if (!loaded.ok) throw new Error(`payment ${p.paymentId} could not be credited: ${loaded.code}`);
    const at = deps.clock.now();
    const fresh = await q.recordPaymentOnce(tx, {
      id: p.paymentId,
      teamId: p.teamId,
      kind: p.kind,
      amountCents: p.amountCents,
      createdAt: at,
    });
    if (fresh)
      told.push({ teamId: p.teamId, paymentId: p.paymentId, amountCents: p.amountCents, kind: p.kind, at });
  }

  async function subscriptionPaid(
    tx: Db,
    told: PaymentSucceeded[],
    p: { teamId: string; invoiceId: string; amountCents: number },
  ) {
    if (p.amountCents <= 0) return;
    const at = deps.clock.now();
    const fresh = await q.recordPaymentOnce(tx, {
      id: p.invoiceId,
      teamId: p.teamId,
      kind: 'subscription',
      amountCents: p.amountCents,
      createdAt: at,
    });
    if (fresh)
      told.push({
        teamId: p.teamId,
        paymentId: p.invoiceId,
        amountCents: p.amountCents,
        kind: 'subscription',
        at,
      });
  }

  /** Takes a subscription's state as of `stateAt` unless what we hold is newer or final; the plan follows. */
  async function applySubscription(
    tx: Db,
    teamId: string,
    sub: ProviderSubscription,
    stateAt: Date,
  ): Promise<boolean> {
    const account = await q.findAccount(tx, teamId);
    const held =
      account?.subscriptionId && account.subscriptionCreatedAt && account.subscriptionStateAt
        ? {
            id: account.subscriptionId,
            status: account.subscriptionStatus ?? 'incomplete',
            createdAt: account.subscriptionCreatedAt.getTime(),
            stateAt: account.subscriptionStateAt.getTime(),
          }
        : null;
    const incoming = {
      id: sub.id,
      status: sub.status,
      createdAt: sub.createdAt.getTime(),
      stateAt: stateAt.getTime(),
    };
    if (!subscriptionEventApplies(held, incoming)) return false;
    const now = deps.clock.now();
    await q.updateAccount(
      tx,
      teamId,
      {
        subscriptionId: sub.id,
        subscriptionStatus: sub.status,
        subscriptionPlan: sub.plan ?? account?.subscriptionPlan ?? null,
        subscriptionMonthly: sub.monthly,
        subscriptionCancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        subscriptionPeriodEnd: sub.currentPeriodEnd,
        subscriptionCreatedAt: sub.createdAt,
        subscriptionStateAt: stateAt,
      },
      now,
    );
    const plan = sub.plan ?? account?.subscriptionPlan ?? null;
    await deps.plans.setPlan(teamId, plan ? planUnderSubscription(sub.status, plan) : 'BASIC', tx);
    return true;
  }

  return {
    onPaymentSucceeded(listener: PaymentListener): () => void {
      listeners.push(listener);
      return () => {
        const i = listeners.indexOf(listener);
        if (i >= 0) listeners.splice(i, 1);
      };
    },
    recording,
    credit,
    subscriptionPaid,
    applySubscription,
  };
}

export type PaymentRecords = ReturnType<typeof createPaymentRecords>;
