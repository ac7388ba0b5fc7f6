import { planOfLookupKey, planPriceCents, priceLookupKey, type PaidPlanName } from '@prospector/core';
import Stripe from 'stripe';
import {
  CardDeclinedError,
  PaymentsFailedError,
  WebhookSignatureError,
  type CardPayment,
  type PaymentsEvent,
  type PaymentsProvider,
  type ProviderSubscription,
  type SavedCard,
} from './payments.js';

/*
 * The Stripe adapter (ADR 019), through the `stripe` package at the API version it pins. Tested
 * against a local fake of the endpoints used (src/test/fake-stripe.ts); `apiUrl` points it there.
 */

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const time = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe's errors as the product's: a card's refusal in Stripe's own words, anything else plainly. */
function mapError(err: unknown): Error {
  if (!(err instanceof Stripe.errors.StripeError)) return err as Error;
  if (err.type === 'StripeCardError') return new CardDeclinedError(err.message || 'Your card was declined.');
  if (
    err.type === 'StripeConnectionError' ||
    err.type === 'StripeAPIError' ||
    err.type === 'StripeRateLimitError'
  )
    return new PaymentsFailedError('The payment service could not be reached. Please try again in a moment.');
  if (err.type === 'StripeIdempotencyError')
    return new PaymentsFailedError('Another payment is being made with different details. Please try again.');
  if (err.type === 'StripeAuthenticationError' || err.type === 'StripePermissionError')
    return new PaymentsFailedError('The payment service refused our keys. Please tell support.');
  return new PaymentsFailedError(`The payment service refused the request: ${err.message}`);
}

async function stripeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw mapError(err);
  }
}

function cardOf(pm: Stripe.PaymentMethod): SavedCard | null {
  if (!pm.card) return null;
  return {
    paymentMethodId: pm.id,
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

function subscriptionOf(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  const plan = planOfLookupKey(item?.price.lookup_key);
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    status: sub.status,
    plan: plan?.plan ?? null,
    monthly: plan?.monthly ?? item?.price.recurring?.interval === 'month',
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: time(item?.current_period_end),
    createdAt: new Date(sub.created * 1000),
    latestInvoice: invoice
      ? { id: invoice.id!, paid: invoice.status === 'paid', amountPaidCents: invoice.amount_paid }
      : null,
  };
}

function eventOf(event: Stripe.Event): PaymentsEvent {
  const base = { eventId: event.id, type: event.type, at: new Date(event.created * 1000) };
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      return {
        ...base,
        kind: 'paymentSucceeded',
        payment: {
          id: pi.id,
          customerId: idOf(pi.customer),
          amountCents: pi.amount_received,
          purpose: pi.metadata?.['purpose'] ?? null,
        },
      };
    }
    case 'invoice.paid': {
      const inv = event.data.object;
      return {
        ...base,
        kind: 'invoicePaid',
        invoice: {
          id: inv.id!,
          customerId: idOf(inv.customer)!,
          subscriptionId: idOf(inv.parent?.subscription_details?.subscription ?? null),
          amountPaidCents: inv.amount_paid,
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription', subscription: subscriptionOf(event.data.object) };
    default:
      return { ...base, kind: 'ignored' };
  }
}

export function createStripePayments(opts: {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string;
  apiUrl: string;
  webhookToleranceSeconds: number;
}): PaymentsProvider {
  const api = new URL(opts.apiUrl);
  const stripe = new Stripe(opts.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    // A lost answer is retried with the same idempotency key: the same operation, never a second.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Prospector' },
  });
  const prices = new Map<string, Promise<string>>();

  /** The Price of a plan and period: found by its lookup key, or created once on first use (ADR 019). */
  function priceFor(plan: PaidPlanName, monthly: boolean): Promise<string> {
    const lookupKey = priceLookupKey(plan, monthly);
    let found = prices.get(lookupKey);
    if (!found) {
      found = stripeCall(async () => {
        const list = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
        if (list.data[0]) return list.data[0].id;
        const price = await stripe.prices.create(
          {
            currency: 'usd',
            unit_amount: planPriceCents(plan, monthly),
            recurring: { interval: monthly ? 'month' : 'year' },
            product_data: { name: `Prospector ${plan}` },
            lookup_key: lookupKey,
            metadata: { plan, period: monthly ? 'monthly' : 'yearly' },
          },
          { idempotencyKey: `price:${lookupKey}:${planPriceCents(plan, monthly)}` },
        );
        return price.id;
      });
      found.catch(() => prices.delete(lookupKey));
      prices.set(lookupKey, found);
    }
    return found;
  }

  const expandInvoice = ['latest_invoice'];

  return {
    configured: true,
    publishableKey: opts.publishableKey,

    createCustomer: (input, key) =>
      stripeCall(async () => {
        const customer = await stripe.customers.create(
          { name: input.name, email: input.email, metadata: { teamId: input.teamId } },
          { idempotencyKey: key },
        );
        return customer.id;
      }),

    createSetupIntent: (customerId, key) =>
      stripeCall(async () => {
        const si = await stripe.setupIntents.create(
          { customer: customerId, usage: 'off_session' },
          { idempotencyKey: key },
        );
        return { id: si.id, clientSecret: si.client_secret! };
      }),

    readSetupIntent: (id) =>
      stripeCall(async () => {
        const si = await stripe.setupIntents.retrieve(id, { expand: ['payment_method'] });
        const pm = typeof si.payment_method === 'object' ? si.payment_method : null;
        return { customerId: idOf(si.customer), status: si.status, card: pm ? cardOf(pm) : null };
      }),

    setDefaultCard: (customerId, paymentMethodId, key) =>
      stripeCall(async () => {
        await stripe.customers.update(
          customerId,
          { invoice_settings: { default_payment_method: paymentMethodId } },
          { idempotencyKey: key },
        );
      }),

    chargeCard: (input, key) =>
      stripeCall(async () => {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            description: input.description,
            metadata: input.metadata,
            confirm: true,
            off_session: input.offSession,
          },
          { idempotencyKey: key },
        );
        const known: readonly string[] = ['succeeded', 'processing', 'requires_action'];
        const status = (known.includes(pi.status) ? pi.status : 'failed') as CardPayment['status'];
        return { id: pi.id, status, amountCents: pi.amount };
      }),

    subscribe: (input, key) =>
      stripeCall(async () => {
        const price = await priceFor(input.plan, input.monthly);
        const sub = await stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price }],
            default_payment_method: input.paymentMethodId,
            metadata: { teamId: input.teamId },
            expand: expandInvoice,
          },
          { idempotencyKey: key },
        );
        return subscriptionOf(sub);
      }),

    changeSubscription: (id, plan, monthly, key) =>
      stripeCall(async () => {
        const price = await priceFor(plan, monthly);
        const current = await stripe.subscriptions.retrieve(id);
        const sub = await stripe.subscriptions.update(
          id,
          {
            items: [{ id: current.items.data[0]!.id, price }],
            cancel_at_period_end: false,
            proration_behavior: 'always_invoice',
            expand: expandInvoice,
          },
          { idempotencyKey: key },
        );
        return subscriptionOf(sub);
      }),

    cancelAtPeriodEnd: (id, key) =>
      stripeCall(async () =>
        subscriptionOf(
          await stripe.subscriptions.update(id, { cancel_at_period_end: true }, { idempotencyKey: key }),
        ),
      ),

    readWebhook(rawBody, signature, receivedAt) {
      if (!opts.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          opts.webhookSecret,
          opts.webhookToleranceSeconds,
          undefined,
          receivedAt.getTime(),
        );
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      return eventOf(event);
    },
  };
}
