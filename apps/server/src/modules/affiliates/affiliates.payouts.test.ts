import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeConnect } from '../../providers/payouts/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { startFakeStripeConnect, type FakeStripeConnect } from '../../test/fake-stripe-connect.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';

/* Withdrawals and the payout account through Stripe Connect (its local fake). */

let fake: FakeStripeConnect;
let t: TestApp;
let rita: TestUser;
let referredTeamId: string;
let payment = 0;

beforeAll(async () => {
  fake = await startFakeStripeConnect();
  t = await buildTestApp(
    { PUBLIC_URL: 'https://app.prospector.test', STRIPE_SECRET_KEY: fake.secretKey },
    { payouts: createStripeConnect({ secretKey: fake.secretKey, apiBase: fake.url, maxNetworkRetries: 0 }) },
  );
  rita = await insertTeamAdmin(t, 'rita@referrals.test', 'Rita Referrer');
  const other = await insertTeamAdmin(t, 'paula@payer.test');
  referredTeamId = other.teamId;
  // Paula's team signed up through Rita's link.
  const { link } = (await get(rita, '/api/affiliates/get')).json();
  const attributed = await t.app.services.affiliates.attributeSignup(t.database.db, {
    teamId: other.teamId,
    userId: other.userId,
    affId: new URL(link).hash.slice(1),
  });
  expect(attributed).toBe(true);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const summary = async () => (await get(rita, '/api/affiliates/get')).json();

/** Rita earns 20% of a payment of `dollars` by the team she referred. */
async function earn(dollars: number) {
  await t.app.services.affiliates.recordReferredPayment({
    teamId: referredTeamId,
    amountCents: Math.round(dollars * 100),
    paymentId: `pi_test_${++payment}`,
    kind: 'subscription',
    at: t.clock.now(),
  });
}

describe('the payout account', () => {
  it('GET /api/affiliates/become answers the provider’s onboarding page, coming back to Settings > Affiliate', async () => {
    const res = await get(rita, '/api/affiliates/become');
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin).toBe(fake.url);
    expect(url.searchParams.get('return_url')).toBe('https://app.prospector.test/settings/affiliate');
    expect(url.searchParams.get('refresh_url')).toBe('https://app.prospector.test/settings/become-affiliate');
    expect((await summary()).payoutAccount).toBe('pending');
    // Asking again reuses the account.
    await get(rita, '/api/affiliates/become');
    expect([...fake.accounts.values()].filter((a) => a.email === 'rita@referrals.test')).toHaveLength(1);
  });

  it('a withdrawal before the onboarding is finished is refused, changing nothing', async () => {
    await earn(100);
    const before = await summary();
    const res = await post(rita, '/api/affiliates/withdraw', { amount: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Connect a payout account before withdrawing cash.');
    expect(await summary()).toEqual(before);
  });
});

describe('withdrawals', () => {
  it('pays the amount to the connected account and takes it from the earnings', async () => {
    const [account] = [...fake.accounts.values()].filter((a) => a.email === 'rita@referrals.test');
    fake.completeOnboarding(account!.id);
    const before = await summary();
    const count = fake.transfers.length;
    const res = await post(rita, '/api/affiliates/withdraw', { amount: 12.34 });
    expect(res.statusCode).toBe(200);
    expect(res.json().payoutAccount).toBe('connected');
    expect(res.json().earnings).toBeCloseTo(before.earnings - 12.34, 10);
    expect(res.json().history[0]).toMatchObject({ amount: 12.34, minus: true, pending: false });
    expect(fake.transfers.slice(count)).toEqual([
      expect.objectContaining({ amount: 1234, destination: account!.id }),
    ]);
  });

  it('refuses more than the earnings with the spec’s words, sending nothing', async () => {
    const before = await summary();
    const count = fake.transfers.length;
    const res = await post(rita, '/api/affiliates/withdraw', { amount: before.earnings + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The number you input is higher than your current affiliate earnings');
    expect(fake.transfers.length).toBe(count);
    expect(await summary()).toEqual(before);
  });

  it('two withdrawals at once never pay out more than the earnings', async () => {
    const { earnings } = await summary();
    const part = Math.floor(earnings * 0.6 * 100) / 100;
    const count = fake.transfers.length;
    const answers = await Promise.all([
      post(rita, '/api/affiliates/withdraw', { amount: part }),
      post(rita, '/api/affiliates/withdraw', { amount: part }),
      post(rita, '/api/affiliates/withdraw', { amount: part }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect(fake.transfers.length).toBe(count + 1);
    expect((await summary()).earnings).toBeCloseTo(earnings - part, 10);
  });

  it('a payout the provider refuses gives the earnings back and leaves no history line', async () => {
    await earn(50);
    const before = await summary();
    const balance = fake.balanceCents;
    fake.balanceCents = 0;
    try {
      const res = await post(rita, '/api/affiliates/withdraw', { amount: 5 });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'The payment provider refused this payout. Your earnings are unchanged.',
      );
      expect(await summary()).toEqual(before);
    } finally {
      fake.balanceCents = balance;
    }
  });

  it('a payout whose answer was lost stays pending, then is sent again with its key and paid once', async () => {
    const before = await summary();
    const count = fake.transfers.length;
    // Lost twice: the first try and the client's own retry of a closed connection.
    fake.dropTransferAnswers = 2;
    const res = await post(rita, '/api/affiliates/withdraw', { amount: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json().earnings).toBeCloseTo(before.earnings - 3, 10);
    expect(res.json().history[0]).toMatchObject({ amount: 3, minus: true, pending: true });
    // The next visit sends it again: Stripe answers the first transfer, nothing is paid twice.
    const after = await summary();
    expect(after.history[0]).toMatchObject({ amount: 3, pending: false });
    expect(after.earnings).toBeCloseTo(before.earnings - 3, 10);
    expect(fake.transfers.length).toBe(count + 1);
  });
});

describe('the payout client of the app as configured', () => {
  it('calls Stripe Connect at STRIPE_API_URL, as the other Stripe calls do', async () => {
    const own = await buildTestApp({
      PUBLIC_URL: 'https://app.prospector.test',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_API_URL: fake.url,
    });
    try {
      const user = await insertTeamAdmin(own, 'connie@configured.test');
      const res = await own.app.inject({
        method: 'GET',
        url: '/api/affiliates/become',
        headers: user.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(new URL(res.json().url).origin).toBe(fake.url);
    } finally {
      await own.close();
    }
  });
});
