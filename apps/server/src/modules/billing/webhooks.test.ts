import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import type { TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { paymentSucceededEvent, type FakeEvent, type FakeStripe } from '../../test/fake-stripe.js';
import type { PaymentSucceeded } from './payment-records.js';
import { addCard, buildPaymentsApp, pay } from '../../test/payments-app.js';

/*
 * Stripe's webhooks (POST /api/billing/webhook, ADR 019): signature over the raw body, timestamp
 * tolerance, each event once, each payment credited once, subscription states never going back.
 */

let t: TestApp;
let stripe: FakeStripe;
let close: () => Promise<void>;
let admin: TestUser;
const heard: PaymentSucceeded[] = [];
beforeAll(async () => {
  ({ t, stripe, close } = await buildPaymentsApp());
  t.app.services.payments.onPaymentSucceeded((p) => {
    heard.push(p);
  });
  admin = await insertTeamAdmin(t, 'hooks@acme.test', 'Hal Hooks', { plan: 'BASIC' });
  await addCard(t, stripe, admin);
});
afterAll(async () => {
  await close();
});

const credits = async () => (await pay(t, admin, 'GET', '/api/billing/get')).json().credits as number;
const plan = async () => (await pay(t, admin, 'GET', '/api/billing/get')).json().plan as string;
const settle = () => new Promise((r) => setTimeout(r, 20));

/** A payment Stripe reports only by webhook (our call's answer was lost): an event of the fake's own. */
const paymentEvent = (amount: number, purpose = 'credits') =>
  paymentSucceededEvent(stripe, admin.teamId, amount, purpose);

async function post(body: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}

describe('the signature', () => {
  it('credits a payment reported with a valid signature, and tells the listeners once', async () => {
    const before = await credits();
    const event = paymentEvent(1500);
    expect(await stripe.deliver(event)).toBe(200);
    expect(await credits()).toBe(before + 15);
    await settle();
    expect(heard.filter((p) => p.paymentId === (event.data.object['id'] as string))).toEqual([
      expect.objectContaining({
        teamId: admin.teamId,
        amountCents: 1500,
        kind: 'credits',
        at: expect.any(Date),
      }),
    ]);
  });

  it('refuses a tampered body (400) and credits nothing', async () => {
    const before = await credits();
    expect(await stripe.deliver(paymentEvent(1000), { tamper: true })).toBe(400);
    expect(await credits()).toBe(before);
  });

  it('refuses a signature made with another secret, or none', async () => {
    const body = JSON.stringify({ ...paymentEvent(1000), object: 'event' });
    const ts = Math.floor(Date.now() / 1000);
    expect((await post(body, `t=${ts},v1=${'0'.repeat(64)}`)).statusCode).toBe(400);
    expect((await post(body)).statusCode).toBe(400);
    expect((await post(body)).json().message).toBe('The webhook signature is not valid.');
  });

  it('refuses a stale timestamp (older than the 5-minute tolerance), even correctly signed', async () => {
    const before = await credits();
    const stale = Math.floor(Date.now() / 1000) - 301;
    expect(await stripe.deliver(paymentEvent(1000), { timestamp: stale })).toBe(400);
    expect(await credits()).toBe(before);
    // Within the tolerance it is taken.
    expect(await stripe.deliver(paymentEvent(1000), { timestamp: stale + 60 })).toBe(200);
    expect(await credits()).toBe(before + 10);
  });
});

describe('repeated and concurrent deliveries', () => {
  it('credits a payment once when its event is delivered twice, or five times at once', async () => {
    const before = await credits();
    const event = paymentEvent(2000);
    expect(await stripe.deliver(event)).toBe(200);
    expect(await stripe.deliver(event)).toBe(200);
    expect(await Promise.all(Array.from({ length: 5 }, () => stripe.deliver(event)))).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect(await credits()).toBe(before + 20);
    await settle();
    expect(heard.filter((p) => p.paymentId === (event.data.object['id'] as string))).toHaveLength(1);
  });

  it('credits a payment once when two events of it arrive (our answer and Stripe’s webhook race)', async () => {
    const before = await credits();
    const event = paymentEvent(1200);
    const again = { ...event, id: `${event.id}_again` };
    await Promise.all([stripe.deliver(event), stripe.deliver(again)]);
    expect(await credits()).toBe(before + 12);
  });

  it('keeps the id and type of each event it handled', async () => {
    const event = paymentEvent(1000);
    await stripe.deliver(event);
    const rows = await queryRows<{ type: string }>(
      t.database.db,
      sql`select type from payment_events where id = ${event.id}`,
    );
    expect(rows).toEqual([{ type: 'payment_intent.succeeded' }]);
  });
});

describe('subscription events out of order', () => {
  it('ignores an update older than the state held', async () => {
    await pay(t, admin, 'POST', '/api/billing/subscribe', { plan: 'LITE', monthly: true });
    expect(await plan()).toBe('LITE');
    const [created] = stripe.eventsOf('customer.subscription.created');
    const old: FakeEvent = {
      ...created!,
      id: 'evt_old_update',
      type: 'customer.subscription.updated',
      created: created!.created - 60,
      data: { object: { ...created!.data.object, status: 'past_due' } },
    };
    const newer: FakeEvent = {
      ...old,
      id: 'evt_new_update',
      created: created!.created + 60,
      data: { object: { ...created!.data.object, status: 'unpaid' } },
    };
    expect(await stripe.deliver(newer)).toBe(200);
    expect(await plan()).toBe('BASIC');
    expect(await stripe.deliver(old)).toBe(200);
    expect(await plan()).toBe('BASIC');
    expect((await pay(t, admin, 'GET', '/api/billing/get')).json().subscription.status).toBe('unpaid');
  });

  it('keeps a deletion that arrives before the creation: the late creation does not revive it', async () => {
    const other = await insertTeamAdmin(t, 'late@acme.test', 'Lee Late', { plan: 'BASIC' });
    await addCard(t, stripe, other);
    // Subscribed at Stripe, but our answer was lost: only webhooks tell.
    const customerId = [...stripe.customers.values()].find(
      (c) => (c['metadata'] as { teamId: string }).teamId === other.teamId,
    )!['id'] as string;
    const sub = {
      id: 'sub_lost',
      object: 'subscription',
      customer: customerId,
      status: 'active',
      cancel_at_period_end: false,
      created: Math.floor(Date.now() / 1000) - 100,
      items: {
        object: 'list',
        data: [
          {
            id: 'si_lost',
            price: { id: 'price_x', lookup_key: 'prospector_pro_monthly', recurring: { interval: 'month' } },
            current_period_end: Math.floor(Date.now() / 1000) + 86_400,
          },
        ],
      },
    };
    const created: FakeEvent = {
      id: 'evt_lost_created',
      type: 'customer.subscription.created',
      created: sub.created,
      data: { object: sub },
    };
    const deleted: FakeEvent = {
      id: 'evt_lost_deleted',
      type: 'customer.subscription.deleted',
      created: sub.created + 50,
      data: { object: { ...sub, status: 'canceled' } },
    };
    expect(await stripe.deliver(deleted)).toBe(200);
    expect(await stripe.deliver(created)).toBe(200);
    const summary = (await pay(t, other, 'GET', '/api/billing/get')).json();
    expect(summary).toMatchObject({ plan: 'BASIC', subscription: null });
  });

  it('takes a subscription made at Stripe that only its webhook tells of', async () => {
    const other = await insertTeamAdmin(t, 'dash@acme.test', 'Dee Dash', { plan: 'BASIC' });
    await addCard(t, stripe, other);
    const customerId = [...stripe.customers.values()].find(
      (c) => (c['metadata'] as { teamId: string }).teamId === other.teamId,
    )!['id'] as string;
    const created: FakeEvent = {
      id: 'evt_dash',
      type: 'customer.subscription.created',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'sub_dash',
          object: 'subscription',
          customer: customerId,
          status: 'active',
          cancel_at_period_end: false,
          created: Math.floor(Date.now() / 1000),
          items: {
            object: 'list',
            data: [
              {
                id: 'si_dash',
                price: {
                  id: 'price_y',
                  lookup_key: 'prospector_lite_yearly',
                  recurring: { interval: 'year' },
                },
                current_period_end: Math.floor(Date.now() / 1000) + 86_400,
              },
            ],
          },
        },
      },
    };
    expect(await stripe.deliver(created)).toBe(200);
    expect((await pay(t, other, 'GET', '/api/billing/get')).json()).toMatchObject({
      plan: 'LITE',
      subscription: { monthly: false },
    });
  });
});

describe('invoices', () => {
  it('records a renewal’s payment once and tells the listeners it was a subscription', async () => {
    await pay(t, admin, 'POST', '/api/billing/subscribe', { plan: 'PRO', monthly: true });
    const subId = [...stripe.subscriptions.values()].find(
      (s) => s['status'] === 'active' && s['customer'] === [...stripe.customers.keys()][0],
    )!['id'] as string;
    const events = stripe.endPeriod(subId);
    await new Promise((r) => setTimeout(r, 20));
    const paid = stripe.eventsOf('invoice.paid').at(-1)!;
    expect(events.length + 1).toBeGreaterThan(0);
    expect(await stripe.deliver(paid)).toBe(200);
    expect(await stripe.deliver(paid)).toBe(200);
    await settle();
    const invoiceId = paid.data.object['id'] as string;
    expect(heard.filter((p) => p.paymentId === invoiceId)).toEqual([
      expect.objectContaining({ kind: 'subscription', amountCents: 2400, teamId: admin.teamId }),
    ]);
  });
});
