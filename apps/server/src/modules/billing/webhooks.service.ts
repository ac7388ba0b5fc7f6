import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import {
  WebhookSignatureError,
  type PaymentsEvent,
  type PaymentsProvider,
} from '../../providers/payments/index.js';
import type { PaymentRecords } from './payment-records.js';
import * as q from './payments.queries.js';

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

/**
 * Stripe's webhooks (POST /api/billing/webhook, ADR 019). The signature is checked over the raw body
 * with the signing secret and a timestamp tolerance (tampered or stale: refused). Each event is
 * handled once, in one transaction with the record of its id: a repeated delivery is answered and
 * changes nothing; one whose handling failed is rolled back whole, so Stripe's retry handles it.
 * Payments are credited once by their own id whichever of our call and the webhook comes first;
 * subscription states older than the one held are ignored (payment-records applySubscription).
 */
export function createWebhooks(deps: {
  db: Db;
  clock: Clock;
  provider: PaymentsProvider;
  records: PaymentRecords;
  log: FastifyBaseLogger;
}) {
  const { records } = deps;

  async function teamOf(tx: Db, customerId: string | null) {
    if (!customerId) return null;
    return (await q.findAccountByCustomer(tx, customerId))?.teamId ?? null;
  }

  async function handle(
    tx: Db,
    told: Parameters<Parameters<PaymentRecords['recording']>[0]>[1],
    event: PaymentsEvent,
  ) {
    switch (event.kind) {
      case 'paymentSucceeded': {
        const { payment } = event;
        // Subscriptions' invoices make payments of their own: those count through invoice.paid.
        if (payment.purpose !== 'credits' && payment.purpose !== 'autofill') return 'ignored';
        const teamId = await teamOf(tx, payment.customerId);
        if (!teamId) return 'ignored';
        await records.credit(tx, told, {
          teamId,
          paymentId: payment.id,
          amountCents: payment.amountCents,
          kind: payment.purpose,
        });
        return 'handled';
      }
      case 'invoicePaid': {
        const teamId = await teamOf(tx, event.invoice.customerId);
        if (!teamId || !event.invoice.subscriptionId) return 'ignored';
        await records.subscriptionPaid(tx, told, {
          teamId,
          invoiceId: event.invoice.id,
          amountCents: event.invoice.amountPaidCents,
        });
        return 'handled';
      }
      case 'subscription': {
        const teamId = await teamOf(tx, event.subscription.customerId);
        if (!teamId) return 'ignored';
        return (await records.applySubscription(tx, teamId, event.subscription, event.at))
          ? 'handled'
          : 'ignored';
      }
      default:
        return 'ignored';
    }
  }

  return {
    async receive(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<Result<WebhookOutcome, 'WEBHOOK_INVALID' | 'PAYMENTS_NOT_CONFIGURED'>> {
      if (!deps.provider.configured) return fail('PAYMENTS_NOT_CONFIGURED');
      let event: PaymentsEvent;
      try {
        event = deps.provider.readWebhook(rawBody, signature, deps.clock.now());
      } catch (err) {
        if (!(err instanceof WebhookSignatureError)) throw err;
        deps.log.warn({ reason: err.message }, 'webhook refused');
        return fail('WEBHOOK_INVALID');
      }
      const outcome = await records.recording(async (tx, told): Promise<WebhookOutcome> => {
        if (!(await q.recordEventOnce(tx, { id: event.eventId, type: event.type }, deps.clock.now())))
          return 'duplicate';
        return handle(tx, told, event);
      });
      deps.log.info({ eventId: event.eventId, type: event.type, outcome }, 'webhook');
      return ok(outcome);
    },
  };
}
