import { affiliateIdFromHash, messages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { signUpThrough } from './affiliates.test-kit.js';

/* Settings > Affiliate without a payouts provider: the link, signups, earnings, loading into credits. */

let t: TestApp;
let referrer: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://app.prospector.test' });
  referrer = await insertTeamAdmin(t, 'rita@referrals.test', 'Rita Referrer');
});
afterAll(async () => {
  await t.close();
});

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const summaryOf = async (user: TestUser) => (await get(user, '/api/affiliates/get')).json();
const creditsOf = async (user: TestUser) => (await get(user, '/api/billing/get')).json().credits as number;

const signUp = (email: string, affId: string | null) => signUpThrough(t, email, affId);

async function referrerCode() {
  const { link } = await summaryOf(referrer);
  return affiliateIdFromHash(new URL(link).hash)!;
}

describe('the affiliate link', () => {
  it('is the site plus a stable hash of the user id that is not the id', async () => {
    const first = await summaryOf(referrer);
    const again = await summaryOf(referrer);
    expect(first.link).toMatch(/^https:\/\/app\.prospector\.test\/#[A-Za-z0-9_-]{16}$/);
    expect(again.link).toBe(first.link);
    const code = affiliateIdFromHash(new URL(first.link).hash);
    expect(code).not.toBeNull();
    expect(first.link).not.toContain(referrer.userId);
    expect(first.link).not.toContain(referrer.userId.replaceAll('-', ''));
  });

  it('differs between users', async () => {
    const other = await insertTeamAdmin(t, 'otto@elsewhere.test');
    expect((await summaryOf(other)).link).not.toBe((await summaryOf(referrer)).link);
  });

  it('starts with nothing: no earnings, no signups, no history, payouts not configured', async () => {
    const fresh = await insertTeamAdmin(t, 'fresh@nowhere.test');
    expect(await summaryOf(fresh)).toMatchObject({
      earnings: 0,
      totalEarned: 0,
      signups: 0,
      payoutAccount: 'none',
      payoutsConfigured: false,
      history: [],
    });
  });
});

describe('signups through the link', () => {
  it('a newcomer who arrived with the hash is counted as the referrer’s signup', async () => {
    const before = (await summaryOf(referrer)).signups;
    await signUp('nina@newcomer.test', await referrerCode());
    expect((await summaryOf(referrer)).signups).toBe(before + 1);
  });

  it('an unknown hash, no hash, or an existing account logging in again attributes nothing', async () => {
    const before = (await summaryOf(referrer)).signups;
    await signUp('uma@unknown.test', 'NoSuchCode123456');
    await signUp('nobody@direct.test', null);
    await signUp('nina@newcomer.test', await referrerCode());
    await signUp('rita@referrals.test', await referrerCode());
    expect((await summaryOf(referrer)).signups).toBe(before);
  });

  it("the referrer's own second address or a signup from the referrer's address earns no signup (issue 36 item 10)", async () => {
    const before = (await summaryOf(referrer)).signups;
    await signUp('rita+second@referrals.test', await referrerCode());
    await signUp('office@referrals.test', await referrerCode());
    // From where Rita logs in: her sessions' address.
    const [ritaSession] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, referrer.userId));
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/users/sendCode',
      payload: { email: 'alias@elsewhere.test', affId: await referrerCode() },
      remoteAddress: ritaSession!.ip!,
    });
    expect(sent.statusCode).toBe(200);
    const code = await t.smtp.codeFor('alias@elsewhere.test');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'alias@elsewhere.test', code },
      remoteAddress: ritaSession!.ip!,
    });
    expect(login.statusCode).toBe(200);
    expect((await summaryOf(referrer)).signups).toBe(before);
    // The control: a stranger from elsewhere still counts.
    await signUp('stella@stranger.test', await referrerCode());
    expect((await summaryOf(referrer)).signups).toBe(before + 1);
  });

  it('a member invited into an existing team is not a signup', async () => {
    const owner = await insertTeamAdmin(t, 'owen@invites.test');
    const before = (await summaryOf(referrer)).signups;
    await insertMember(t, owner.teamId, 'mia@invites.test');
    await signUp('mia@invites.test', await referrerCode());
    expect((await summaryOf(referrer)).signups).toBe(before);
  });
});

describe('earnings from referred teams’ payments', () => {
  it('earn 20% of each payment, once per payment id, in the history', async () => {
    const referred = await signUp('paula@payer.test', await referrerCode());
    const before = await summaryOf(referrer);
    const payment = {
      teamId: referred.teamId,
      amountCents: 1900,
      paymentId: 'pi_sub_1',
      kind: 'subscription',
      at: t.clock.now(),
    };
    const first = await t.app.services.affiliates.recordReferredPayment(payment);
    const again = await t.app.services.affiliates.recordReferredPayment(payment);
    expect(first).toEqual({ earnedCents: 380, duplicate: false });
    expect(again).toEqual({ earnedCents: 0, duplicate: true });
    const after = await summaryOf(referrer);
    expect(after.earnings).toBeCloseTo(before.earnings + 3.8, 10);
    expect(after.totalEarned).toBeCloseTo(before.totalEarned + 3.8, 10);
    expect(after.history[0]).toMatchObject({ amount: 3.8, minus: false, pending: false });
    expect(after.history[0].description).toContain('$19.00');
  });

  it('a payment reported twice at once earns once', async () => {
    const referred = await signUp('quinn@parallel.test', await referrerCode());
    const before = (await summaryOf(referrer)).earnings;
    const payment = {
      teamId: referred.teamId,
      amountCents: 5000,
      paymentId: 'pi_twice',
      kind: 'credits',
      at: t.clock.now(),
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.app.services.affiliates.recordReferredPayment(payment)),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect((await summaryOf(referrer)).earnings).toBeCloseTo(before + 10, 10);
  });

  it('a team that came on its own, or a payment past the first 12 months, earns nobody anything', async () => {
    const direct = await signUp('dora@direct.test', null);
    const referred = await signUp('late@payer.test', await referrerCode());
    const before = (await summaryOf(referrer)).earnings;
    const services = t.app.services.affiliates;
    expect(
      await services.recordReferredPayment({
        teamId: direct.teamId,
        amountCents: 2400,
        paymentId: 'pi_direct',
        kind: 'subscription',
        at: t.clock.now(),
      }),
    ).toEqual({ earnedCents: 0, duplicate: false });
    const later = new Date(t.clock.now().getTime() + 366 * 24 * 3600 * 1000);
    expect(
      await services.recordReferredPayment({
        teamId: referred.teamId,
        amountCents: 2400,
        paymentId: 'pi_late',
        kind: 'subscription',
        at: later,
      }),
    ).toEqual({ earnedCents: 0, duplicate: false });
    expect((await summaryOf(referrer)).earnings).toBe(before);
  });
});

describe('loading earnings into credits', () => {
  it('moves the amount into the team’s credits once, with a history line on both sides', async () => {
    const before = await summaryOf(referrer);
    const credits = await creditsOf(referrer);
    const res = await post(referrer, '/api/affiliates/loadAccount', { amount: 2.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().earnings).toBeCloseTo(before.earnings - 2.5, 10);
    expect(res.json().history[0]).toMatchObject({
      amount: 2.5,
      minus: true,
      description: 'Loaded into credits',
    });
    expect(await creditsOf(referrer)).toBeCloseTo(credits + 2.5, 10);
    const ledger = (await get(referrer, '/api/billing/history')).json();
    expect(ledger.entries[0]).toMatchObject({ amount: 2.5, reason: 'affiliateEarnings' });
    expect(ledger.entries.filter((e: { reason: string }) => e.reason === 'affiliateEarnings')).toHaveLength(
      1,
    );
  });

  it('refuses more than the earnings with the spec’s words, changing nothing', async () => {
    const before = await summaryOf(referrer);
    const credits = await creditsOf(referrer);
    const res = await post(referrer, '/api/affiliates/loadAccount', { amount: before.earnings + 0.01 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The number you input is higher than your current affiliate earnings');
    expect(await summaryOf(referrer)).toEqual(before);
    expect(await creditsOf(referrer)).toBe(credits);
  });

  it('refuses amounts that are missing, not positive or finer than a cent, changing nothing', async () => {
    const before = await summaryOf(referrer);
    const cases: [unknown, string][] = [
      [undefined, messages.affiliates.amountRequired],
      [0, messages.affiliates.invalidAmount],
      [-1, messages.affiliates.invalidAmount],
      [0.005, messages.affiliates.invalidAmount],
      ['abc', messages.affiliates.invalidAmount],
    ];
    for (const [amount, message] of cases) {
      const res = await post(referrer, '/api/affiliates/loadAccount', amount === undefined ? {} : { amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await summaryOf(referrer)).toEqual(before);
  });

  it('two loads at once never take more than the earnings', async () => {
    const { earnings } = await summaryOf(referrer);
    const credits = await creditsOf(referrer);
    const part = Math.floor(earnings * 0.6 * 100) / 100;
    const answers = await Promise.all([
      post(referrer, '/api/affiliates/loadAccount', { amount: part }),
      post(referrer, '/api/affiliates/loadAccount', { amount: part }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect((await summaryOf(referrer)).earnings).toBeCloseTo(earnings - part, 10);
    expect(await creditsOf(referrer)).toBeCloseTo(credits + part, 10);
  });
});

describe('without a payouts provider', () => {
  it('says plainly that payouts are not configured for the payout account and withdrawals', async () => {
    for (const res of [
      await get(referrer, '/api/affiliates/become'),
      await post(referrer, '/api/affiliates/withdraw', { amount: 1 }),
    ]) {
      expect(res.statusCode).toBe(501);
      expect(res.json().message).toBe('Payouts are not configured');
    }
  });
});

describe('who may use it', () => {
  it('is for admins: a member is refused every call', async () => {
    const member = await insertMember(t, referrer.teamId, 'max@referrals.test');
    for (const res of [
      await get(member, '/api/affiliates/get'),
      await get(member, '/api/affiliates/become'),
      await post(member, '/api/affiliates/withdraw', { amount: 1 }),
      await post(member, '/api/affiliates/loadAccount', { amount: 1 }),
    ])
      expect(res.statusCode).toBe(403);
  });
});
