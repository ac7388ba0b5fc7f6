import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import type { FakeStripe } from '../../test/fake-stripe.js';
import type { PaymentSucceeded } from './payment-records.js';
import { addCard, buildPaymentsApp, pay } from '../../test/payments-app.js';

/* Autofill (ADR 019): a charge that leaves the credits below the threshold loads the set amount, once. */

let t: TestApp;
let stripe: FakeStripe;
let close: () => Promise<void>;
const heard: PaymentSucceeded[] = [];
beforeAll(async () => {
  ({ t, stripe, close } = await buildPaymentsApp());
  t.app.services.payments.onPaymentSucceeded((p) => {
    heard.push(p);
  });
});
afterAll(async () => {
  await close();
});

async function teamWithAutofill(email: string, testCard = 'pm_card_visa'): Promise<TestUser> {
  const admin = await insertTeamAdmin(t, email);
  await addCard(t, stripe, admin);
  expect((await pay(t, admin, 'POST', '/api/billing/addCredits', { amount: 10 })).statusCode).toBe(200);
  if (testCard !== 'pm_card_visa') await addCard(t, stripe, admin, testCard);
  await pay(t, admin, 'PATCH', '/api/billing/changeAutoFill', { autoFill: true, load: 20, lowerThan: 5 });
  return admin;
}

const chargeHits = (teamId: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, () =>
      t.app.services.ledger.charge({
        teamId,
        amount: 3_000,
        reason: 'skipTraceHit',
        description: 'Skip trace hit',
      }),
    ),
  );
const autofills = (teamId: string) =>
  [...stripe.paymentIntents.values()].filter(
    (pi) =>
      (pi['metadata'] as Record<string, string>)['purpose'] === 'autofill' &&
      (pi['metadata'] as Record<string, string>)['teamId'] === teamId,
  );

describe('autofill', () => {
  it('loads $20 once when 20 concurrent charges take the credits below $5', async () => {
    const admin = await teamWithAutofill('fill@acme.test');
    stripe.latencyMs = 40;
    try {
      const results = await chargeHits(admin.teamId, 20);
      expect(results.every((r) => r.ok)).toBe(true);
      await t.app.services.payments.autofillSettled();
      // Charges heard after the load find the credits above the threshold again.
      await chargeHits(admin.teamId, 1);
      await t.app.services.payments.autofillSettled();
    } finally {
      stripe.latencyMs = 0;
    }
    expect(autofills(admin.teamId)).toHaveLength(1);
    expect(autofills(admin.teamId)[0]).toMatchObject({ amount: 2000, status: 'succeeded' });
    const summary = (await pay(t, admin, 'GET', '/api/billing/get')).json();
    // $10 − 21 × $0.30 + $20
    expect(summary.credits).toBeCloseTo(23.7, 4);
    const history = (await pay(t, admin, 'GET', '/api/billing/history')).json();
    expect(history.entries.filter((e: { reason: string }) => e.reason === 'autofill')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(heard.filter((p) => p.teamId === admin.teamId && p.kind === 'autofill')).toHaveLength(1);
  });

  it('does not load while the credits stay at or above the threshold', async () => {
    const admin = await teamWithAutofill('above@acme.test');
    await chargeHits(admin.teamId, 10); // $10 − $3 = $7
    await t.app.services.payments.autofillSettled();
    expect(autofills(admin.teamId)).toHaveLength(0);
  });

  it('turns itself off with the card’s reason when the card is declined, and charges once', async () => {
    const admin = await teamWithAutofill('declined-fill@acme.test', 'pm_card_chargeCustomerFail');
    await chargeHits(admin.teamId, 20);
    await t.app.services.payments.autofillSettled();
    await chargeHits(admin.teamId, 1);
    await t.app.services.payments.autofillSettled();
    const summary = (await pay(t, admin, 'GET', '/api/billing/get')).json();
    expect(summary).toMatchObject({ autoFill: false, autofillFailure: 'Your card was declined.' });
    const attempts = stripe.requests.filter((r) => r.idempotencyKey?.startsWith(`autofill:${admin.teamId}:`));
    expect(attempts.map((r) => r.idempotencyKey)).toEqual([`autofill:${admin.teamId}:0`]);
  });
});
