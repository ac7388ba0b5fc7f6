import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { buildTestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import type { FakeStripe } from '../../test/fake-stripe.js';
import type { TestApp } from '../../test/app.js';
import { addCard, buildPaymentsApp, pay } from '../../test/payments-app.js';

/* Settings > Billing's payments through the API, against the local fake of Stripe (ADR 019). */

let t: TestApp;
let stripe: FakeStripe;
let close: () => Promise<void>;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  ({ t, stripe, close } = await buildPaymentsApp());
  admin = await insertTeamAdmin(t, 'owner@acme.test', 'Olive Owner', { plan: 'BASIC' });
  member = await insertMember(t, admin.teamId, 'mo@acme.test', { permissions: ['members', 'sms'] });
});
afterAll(async () => {
  await close();
});

const summary = async (user: TestUser) => (await pay(t, user, 'GET', '/api/billing/get')).json();

describe('before a card is saved', () => {
  it('refuses to load credits or turn on autofill, in the spec words', async () => {
    const load = await pay(t, admin, 'POST', '/api/billing/addCredits', { amount: 50 });
    expect(load.statusCode).toBe(400);
    expect(load.json().message).toBe('You need to add a card first.');
    const fill = await pay(t, admin, 'PATCH', '/api/billing/changeAutoFill', {
      autoFill: true,
      load: 20,
      lowerThan: 5,
    });
    expect(fill.json().message).toBe('You need to add a card before enabling autofill.');
    const sub = await pay(t, admin, 'POST', '/api/billing/subscribe', { plan: 'LITE', monthly: true });
    expect(sub.json().message).toBe('You need to add a card first.');
    expect((await summary(admin)).credits).toBe(0);
  });
});

describe('the card', () => {
  it('is saved from a confirmed SetupIntent, its brand and last 4 read from Stripe', async () => {
    await addCard(t, stripe, admin);
    expect((await summary(admin)).card).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    const customer = [...stripe.customers.values()][0]!;
    expect(customer['metadata']).toEqual({ teamId: admin.teamId });
    expect(
      (customer['invoice_settings'] as { default_payment_method: string }).default_payment_method,
    ).toMatch(/^pm_/);
  });

  it('is not saved from a SetupIntent that was never confirmed', async () => {
    const setup = (await pay(t, admin, 'POST', '/api/billing/setupIntent')).json();
    const res = await pay(t, admin, 'PATCH', '/api/billing/changeCard', { token: setup.setupIntentId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That card could not be saved. Please enter it again.');
    expect((await summary(admin)).card.last4).toBe('4242');
  });

  it('changes: the new card becomes the one charged', async () => {
    await addCard(t, stripe, admin, 'pm_card_mastercard');
    expect((await summary(admin)).card).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });
});

describe('adding credits', () => {
  it('asks for the amount, and at least $10, in the spec words', async () => {
    expect((await pay(t, admin, 'POST', '/api/billing/addCredits', {})).json().message).toBe(
      'Please specify the amount.',
    );
    const small = await pay(t, admin, 'POST', '/api/billing/addCredits', { amount: 9.99 });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe('You can load minimum $10s.');
    expect(stripe.paymentIntents.size).toBe(0);
  });

  it('charges the card and credits the amount once, even when Stripe also sends its webhook', async () => {
    const res = await pay(t, admin, 'POST', '/api/billing/addCredits', { amount: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json().credits).toBe(25);
    const [pi] = [...stripe.paymentIntents.values()];
    expect(pi).toMatchObject({
      amount: 2500,
      status: 'succeeded',
      metadata: { purpose: 'credits', teamId: admin.teamId },
    });
    const [event] = stripe.eventsOf('payment_intent.succeeded');
    expect(await stripe.deliver(event!)).toBe(200);
    expect((await summary(admin)).credits).toBe(25);
    const history = (await pay(t, admin, 'GET', '/api/billing/history')).json();
    expect(history.entries[0]).toMatchObject({
      amount: 25,
      reason: 'load',
      description: 'Credits loaded by card',
    });
  });

  it('sends a key named after the team’s n-th load, so the next load is a new payment', async () => {
    await pay(t, admin, 'POST', '/api/billing/addCredits', { amount: 10 });
    const keys = stripe.requests.filter((r) => r.path === '/v1/payment_intents').map((r) => r.idempotencyKey);
    expect(keys).toEqual([`credits:${admin.teamId}:0`, `credits:${admin.teamId}:1`]);
    expect((await summary(admin)).credits).toBe(35);
  });
});

describe('a declined card', () => {
  it('answers Stripe’s reason and credits nothing', async () => {
    const other = await insertTeamAdmin(t, 'declined@acme.test');
    await addCard(t, stripe, other, 'pm_card_chargeCustomerFail');
    const res = await pay(t, other, 'POST', '/api/billing/addCredits', { amount: 10 });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    expect((await summary(other)).credits).toBe(0);
  });
});

describe('autofill settings', () => {
  it('are saved as numbers, and refuse a load under $10', async () => {
    const small = await pay(t, admin, 'PATCH', '/api/billing/changeAutoFill', {
      autoFill: true,
      load: 5,
      lowerThan: 2,
    });
    expect(small.json().message).toBe('You can load minimum $10s.');
    const res = await pay(t, admin, 'PATCH', '/api/billing/changeAutoFill', {
      autoFill: true,
      load: 20,
      lowerThan: 5,
    });
    expect(res.json()).toMatchObject({ autoFill: true, load: 20, lowerThan: 5 });
    const off = await pay(t, admin, 'PATCH', '/api/billing/changeAutoFill', { autoFill: false });
    expect(off.json()).toMatchObject({ autoFill: false, load: 20, lowerThan: 5 });
  });
});

describe('subscriptions', () => {
  it('subscribes to LITE monthly: the plan is LITE and the first invoice is recorded', async () => {
    const res = await pay(t, admin, 'POST', '/api/billing/subscribe', { plan: 'LITE', monthly: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plan: 'LITE',
      subscription: { plan: 'LITE', monthly: true, status: 'active', cancelAtPeriodEnd: false },
    });
    const rows = await queryRows<{ kind: string; amount_cents: string }>(
      t.database.db,
      sql`select kind, amount_cents from payments where team_id = ${admin.teamId} and kind = 'subscription'`,
    );
    expect(rows.map((r) => [r.kind, Number(r.amount_cents)])).toEqual([['subscription', 1900]]);
  });

  it('moves to PRO yearly on the same subscription', async () => {
    const res = await pay(t, admin, 'POST', '/api/billing/subscribe', { plan: 'PRO', monthly: false });
    expect(res.json()).toMatchObject({ plan: 'PRO', subscription: { plan: 'PRO', monthly: false } });
    expect(stripe.subscriptions.size).toBe(1);
  });

  it('cancels at the period’s end: PRO stays until Stripe ends it, then the plan is BASIC', async () => {
    const res = await pay(t, admin, 'POST', '/api/billing/cancelSubscription');
    expect(res.json()).toMatchObject({ plan: 'PRO', subscription: { cancelAtPeriodEnd: true } });
    const [subId] = [...stripe.subscriptions.keys()];
    const [deleted] = stripe.endPeriod(subId!);
    expect(deleted!.type).toBe('customer.subscription.deleted');
    expect(await stripe.deliver(deleted!)).toBe(200);
    expect(await summary(admin)).toMatchObject({ plan: 'BASIC', subscription: null });
  });

  it('has nothing to cancel afterwards', async () => {
    const res = await pay(t, admin, 'POST', '/api/billing/cancelSubscription');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('There is no subscription to cancel.');
  });
});

describe('who may pay', () => {
  it('refuses every payment call to a member who is not an admin', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/billing/setupIntent', undefined],
      ['PATCH', '/api/billing/changeCard', { token: 'seti_x' }],
      ['POST', '/api/billing/addCredits', { amount: 10 }],
      ['PATCH', '/api/billing/changeAutoFill', { autoFill: false }],
      ['POST', '/api/billing/subscribe', { plan: 'PRO', monthly: true }],
      ['POST', '/api/billing/cancelSubscription', undefined],
    ] as const) {
      const res = await pay(t, member, method, url, body);
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('without Stripe’s keys', () => {
  it('answers plainly that payments are not configured, and changes nothing', async () => {
    const bare = await buildTestApp();
    try {
      const owner = await insertTeamAdmin(bare, 'bare@acme.test');
      for (const [method, url, body] of [
        ['POST', '/api/billing/setupIntent', undefined],
        ['POST', '/api/billing/addCredits', { amount: 10 }],
        ['POST', '/api/billing/subscribe', { plan: 'PRO', monthly: true }],
        ['PATCH', '/api/billing/changeAutoFill', { autoFill: true, load: 10, lowerThan: 1 }],
      ] as const) {
        const res = await pay(bare, owner, method, url, body);
        expect(res.statusCode, url).toBe(409);
        expect(res.json().message).toBe('Payments are not configured');
      }
      const hook = await bare.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        payload: { id: 'evt_1' },
      });
      expect(hook.statusCode).toBe(409);
      expect(
        (await bare.app.inject({ method: 'GET', url: '/api/config' })).json().stripePublishableKey,
      ).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
