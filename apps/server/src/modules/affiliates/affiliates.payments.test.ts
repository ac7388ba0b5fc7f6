import { affiliateIdFromHash } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.js';
import type { FakeStripe } from '../../test/fake-stripe.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { addCard, buildPaymentsApp, pay } from '../../test/payments-app.js';
import { signUpThrough } from './affiliates.test-kit.js';

/* A referred team's card payments reach its referrer's earnings: billing's payments → affiliates. */

let t: TestApp;
let stripe: FakeStripe;
let close: () => Promise<void>;
let referrer: TestUser;

beforeAll(async () => {
  ({ t, stripe, close } = await buildPaymentsApp());
  referrer = await insertTeamAdmin(t, 'rita@referrals.test', 'Rita Referrer');
});
afterAll(async () => {
  await close();
});

const earningsOf = async (user: TestUser) =>
  (await pay(t, user, 'GET', '/api/affiliates/get')).json().earnings as number;

describe('a referred team paying by card', () => {
  it('earns its referrer the share of each payment once, and an unreferred team earns nobody anything', async () => {
    const { link } = (await pay(t, referrer, 'GET', '/api/affiliates/get')).json();
    const code = affiliateIdFromHash(new URL(link).hash)!;
    const newcomer = await signUpThrough(t, 'nina@newcomer.test', code);
    const stranger = await signUpThrough(t, 'sam@stranger.test', null);

    await addCard(t, stripe, newcomer);
    const paid = await pay(t, newcomer, 'POST', '/api/billing/addCredits', { amount: 50 });
    expect(paid.statusCode).toBe(200);
    // The payment is told after it commits, and Stripe's webhook for it arrives too: counted once.
    await expect.poll(() => earningsOf(referrer)).toBe(10);
    await addCard(t, stripe, stranger);
    expect((await pay(t, stranger, 'POST', '/api/billing/addCredits', { amount: 30 })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await earningsOf(referrer)).toBe(10);
  });

  it("a referred team paying with the referrer's own card earns nothing (issue 36 item 10)", async () => {
    const { link } = (await pay(t, referrer, 'GET', '/api/affiliates/get')).json();
    const code = affiliateIdFromHash(new URL(link).hash)!;
    const twin = await signUpThrough(t, 'tom@twin-team.test', code);
    const before = await earningsOf(referrer);
    await addCard(t, stripe, referrer);
    await addCard(t, stripe, twin);
    const payment = { teamId: twin.teamId, amountCents: 5000, kind: 'credits', at: t.clock.now() };
    const earned = await t.app.services.affiliates.recordReferredPayment({
      ...payment,
      paymentId: 'pi_twin_1',
    });
    expect(earned.earnedCents).toBe(0);
    expect(await earningsOf(referrer)).toBe(before);
    // The control: with a card of its own, the same team's payment earns the share.
    await addCard(t, stripe, twin, 'pm_card_mastercard');
    const own = await t.app.services.affiliates.recordReferredPayment({ ...payment, paymentId: 'pi_twin_2' });
    expect(own.earnedCents).toBe(1000);
  });
});
