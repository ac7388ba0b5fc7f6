import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { setUpSecondFactor } from '../../test/staff.js';

/* Settings > Billing's calls, and staff adding credits (PATCH /api/admin/addCredits). */

const STAFF = 'support@prospector.test';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ STAFF_EMAILS: [STAFF] });
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  staff = await insertTeamAdmin(t, STAFF, 'Sam Support');
  await setUpSecondFactor(t, staff);
});
afterAll(async () => {
  await t.close();
});

const send = (user: TestUser, method: 'GET' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const addCredits = (user: TestUser, payload: object) => send(user, 'PATCH', '/api/admin/addCredits', payload);

describe('a new team', () => {
  it('is on BASIC with no credits, no history, and payments not configured without Stripe keys', async () => {
    const newcomer = await loginAs(t, 'newcomer@acme.test');
    const headers = bearer(newcomer.token);
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/get', headers })).json()).toEqual({
      plan: 'BASIC',
      credits: 0,
      paymentsConfigured: false,
      card: null,
      autoFill: false,
      load: null,
      lowerThan: null,
      autofillFailure: null,
      subscription: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/history', headers })).json()).toEqual({
      entries: [],
      total: 0,
    });
  });

  it('says payments are configured once both of Stripe’s keys are set, and not with one', async () => {
    const half = await buildTestApp({ STRIPE_SECRET_KEY: 'sk_test_0123456789' });
    try {
      const owner = await insertTeamAdmin(half, 'owner@acme.test');
      const res = await half.app.inject({ method: 'GET', url: '/api/billing/get', headers: owner.headers });
      expect(res.json().paymentsConfigured).toBe(false);
    } finally {
      await half.close();
    }
    const configured = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_0123456789',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_0123456789',
    });
    try {
      const owner = await insertTeamAdmin(configured, 'owner@acme.test');
      const res = await configured.app.inject({
        method: 'GET',
        url: '/api/billing/get',
        headers: owner.headers,
      });
      expect(res.json().paymentsConfigured).toBe(true);
    } finally {
      await configured.close();
    }
  });
});

describe('staff adding credits', () => {
  it('credits the team: its balance and history show the amount and who gave it', async () => {
    const res = await addCredits(staff, { teamId: admin.teamId, amount: 12.5, note: 'Onboarding call' });
    expect(res.json()).toEqual({ teamId: admin.teamId, credits: 12.5 });
    await addCredits(staff, { teamId: admin.teamId, amount: 0.0075, reason: 'staffRefund' });

    expect((await send(admin, 'GET', '/api/billing/get')).json()).toMatchObject({ credits: 12.5075 });
    const history = (await send(admin, 'GET', '/api/billing/history')).json();
    expect(history.total).toBe(2);
    expect(history.entries).toMatchObject([
      { amount: 0.0075, reason: 'staffRefund', description: 'Refund by Sam Support' },
      { amount: 12.5, reason: 'adminGrant', description: 'Credits added by Sam Support: Onboarding call' },
    ]);
  });

  it("is refused to anyone who is not staff, with the admin area's 'nope.', and credits nothing", async () => {
    const before = (await send(admin, 'GET', '/api/billing/get')).json().credits;
    const res = await addCredits(admin, { teamId: admin.teamId, amount: 1000 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'STAFF_REQUIRED', message: 'nope.' });
    expect((await send(admin, 'GET', '/api/billing/get')).json().credits).toBe(before);
  });

  it('refuses an amount that is not a positive number of dollars to 4 decimals, and a team that does not exist', async () => {
    for (const amount of [0, -5, 0.00001, 100_001]) {
      const res = await addCredits(staff, { teamId: admin.teamId, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'The amount must be a positive number of dollars with at most 4 decimals.',
      );
    }
    const missing = await addCredits(staff, { teamId: admin.teamId });
    expect(missing.json().message).toBe('Please specify the amount.');
    const nobody = await addCredits(staff, { teamId: '00000000-0000-4000-8000-000000000000', amount: 5 });
    expect(nobody.statusCode).toBe(404);
  });
});

describe('the credits', () => {
  it('are shown to admins and staff only', async () => {
    const mo = await insertMember(t, admin.teamId, 'mo@acme.test', { dataAccess: 'All data' });
    expect((await send(mo, 'GET', '/api/billing/get')).statusCode).toBe(403);
    expect((await send(staff, 'GET', '/api/billing/get')).statusCode).toBe(200);
  });
});
