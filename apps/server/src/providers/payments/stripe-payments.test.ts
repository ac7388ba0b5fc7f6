import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { CardDeclinedError, PaymentsFailedError, WebhookSignatureError } from './payments.js';
import { createStripePayments } from './stripe-payments.js';

/* The Stripe adapter against the local fake of Stripe's documented endpoints (test/fake-stripe.ts). */

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(() => {
  stripe.failing = false;
});

const adapter = (secretKey = stripe.secretKey) =>
  createStripePayments({
    secretKey,
    publishableKey: stripe.publishableKey,
    webhookSecret: stripe.webhookSecret,
    apiUrl: stripe.url,
    webhookToleranceSeconds: 300,
  });

async function customerWithCard(testCard: 'pm_card_visa' | 'pm_card_chargeCustomerFail' = 'pm_card_visa') {
  const payments = adapter();
  const customerId = await payments.createCustomer(
    { teamId: 't1', name: 'Acme', email: 'a@acme.test' },
    `customer:${Math.random()}`,
  );
  const si = await payments.createSetupIntent(customerId, `setup:${customerId}`);
  await stripe.confirmSetupIntent(si.id, testCard);
  const { card } = await payments.readSetupIntent(si.id);
  return { payments, customerId, paymentMethodId: card!.paymentMethodId };
}

describe('idempotency', () => {
  it('sends the key it is given, and Stripe’s replay of it makes one payment, not two', async () => {
    const { payments, customerId, paymentMethodId } = await customerWithCard();
    const input = {
      customerId,
      paymentMethodId,
      amountCents: 1000,
      description: 'x',
      metadata: { purpose: 'credits' },
      offSession: false,
    };
    const first = await payments.chargeCard(input, `credits:${customerId}:0`);
    const again = await payments.chargeCard(input, `credits:${customerId}:0`);
    expect(again.id).toBe(first.id);
    const sent = stripe.requests.filter((r) => r.idempotencyKey === `credits:${customerId}:0`);
    expect(sent.map((r) => r.replayed)).toEqual([false, true]);
    expect([...stripe.paymentIntents.values()].filter((pi) => pi['customer'] === customerId)).toHaveLength(1);
  });

  it('says so plainly when one key is used for two different payments', async () => {
    const { payments, customerId, paymentMethodId } = await customerWithCard();
    const input = {
      customerId,
      paymentMethodId,
      amountCents: 1000,
      description: 'x',
      metadata: {},
      offSession: false,
    };
    await payments.chargeCard(input, 'same-key-1');
    await expect(payments.chargeCard({ ...input, amountCents: 5000 }, 'same-key-1')).rejects.toThrow(
      new PaymentsFailedError('Another payment is being made with different details. Please try again.'),
    );
  });

  it('creates each plan’s price once, then finds it by its lookup key', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    await adapter().subscribe(
      { customerId, paymentMethodId, plan: 'LITE', monthly: true, teamId: 't1' },
      'sub-a',
    );
    await adapter().subscribe(
      { customerId, paymentMethodId, plan: 'LITE', monthly: true, teamId: 't1' },
      'sub-b',
    );
    const creations = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices');
    expect(creations).toHaveLength(1);
    expect(creations[0]!.body).toMatchObject({
      lookup_key: 'prospector_lite_monthly',
      unit_amount: '1900',
      recurring: { interval: 'month' },
    });
  });
});

describe('errors', () => {
  it('turns a declined card into its own error, in Stripe’s words', async () => {
    const { payments, customerId, paymentMethodId } = await customerWithCard('pm_card_chargeCustomerFail');
    await expect(
      payments.chargeCard(
        { customerId, paymentMethodId, amountCents: 1000, description: 'x', metadata: {}, offSession: true },
        'declined-1',
      ),
    ).rejects.toThrow(new CardDeclinedError('Your card was declined.'));
  });

  it('says our keys were refused when the secret key is wrong', async () => {
    await expect(
      adapter('sk_test_wrong_key_123').createCustomer(
        { teamId: 't', name: 'n', email: 'e@x.test' },
        'k-wrong',
      ),
    ).rejects.toThrow(new PaymentsFailedError('The payment service refused our keys. Please tell support.'));
  });

  it('says Stripe could not be reached when it answers 500, after retrying with the same key', async () => {
    stripe.failing = true;
    const before = stripe.requests.length;
    await expect(
      adapter().createCustomer({ teamId: 't', name: 'n', email: 'e@x.test' }, 'k-down'),
    ).rejects.toThrow(
      new PaymentsFailedError('The payment service could not be reached. Please try again in a moment.'),
    );
    const tries = stripe.requests.slice(before);
    expect(tries.length).toBe(3);
    expect(new Set(tries.map((r) => r.idempotencyKey))).toEqual(new Set(['k-down']));
  }, 15_000);

  it('names a request Stripe refused for what it is', async () => {
    await expect(adapter().createSetupIntent('cus_missing', 'k-missing')).rejects.toThrow(
      new PaymentsFailedError("The payment service refused the request: No such customer: 'cus_missing'"),
    );
  });
});

describe('webhook signatures', () => {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'ping',
    created: 1,
    data: { object: {} },
  });
  it('reads an event signed with the secret', () => {
    expect(adapter().readWebhook(Buffer.from(payload), stripe.sign(payload), new Date())).toMatchObject({
      eventId: 'evt_1',
      kind: 'ignored',
    });
  });
  it('refuses a changed body, a missing header and an old timestamp', () => {
    const payments = adapter();
    expect(() =>
      payments.readWebhook(Buffer.from(payload.replace('ping', 'pong')), stripe.sign(payload), new Date()),
    ).toThrow(WebhookSignatureError);
    expect(() => payments.readWebhook(Buffer.from(payload), undefined, new Date())).toThrow(
      WebhookSignatureError,
    );
    const now = Date.now();
    expect(() =>
      payments.readWebhook(
        Buffer.from(payload),
        stripe.sign(payload, Math.floor(now / 1000) - 301),
        new Date(now),
      ),
    ).toThrow(/tolerance/);
  });
});
