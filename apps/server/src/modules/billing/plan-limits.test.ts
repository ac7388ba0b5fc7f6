import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls, campaignRecipients, devices, lists, smsJobs, teams } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  insertContact,
  insertMember,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from '../../test/factories.js';

/*
 * The plans' limits where the work happens (issue 18 item 1): texts (sendSms, the campaign engine),
 * users (addMember), DNC import and export; and the usage Settings > Billing shows.
 */

// Monday 5 January 2026, 10:00 in New York.
const MONDAY_10_NY = new Date('2026-01-05T15:00:00Z');

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp(
    { CAMPAIGN_GAP_MIN_MS: 0, CAMPAIGN_GAP_MAX_MS: 0, CAMPAIGN_BATCH_PER_DEVICE: 10 },
    { phoneZones: async () => ['America/New_York'], random: () => 0.5 },
  );
  t.clock.set(MONDAY_10_NY);
  admin = await insertTeamAdmin(t, 'admin@acme.test', 'Ada Admin', { plan: 'BASIC' });
  await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
});
afterEach(async () => {
  await t.close();
});

const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

const setPlan = (plan: 'BASIC' | 'LITE' | 'PRO') => t.app.services.plans.setPlan(admin.teamId, plan);

async function addDevice(value: string) {
  const res = await send(admin, 'POST', '/api/services/addNumber', { phoneType: 'Android', value });
  const id = res.json().device._id as string;
  await t.database.db
    .update(devices)
    .set({ connected: true, pingedAt: t.clock.now() })
    .where(eq(devices.id, id));
  return id;
}

/** `n` texts the team queued at `at` (as earlier sends would have). */
async function textsAt(deviceId: string, n: number, at: Date) {
  await t.database.db.insert(smsJobs).values(
    Array.from({ length: n }, (_, i) => ({
      teamId: admin.teamId,
      deviceId,
      fromValue: '+19175550100',
      to: `+1212555${String(1000 + i).padStart(4, '0')}`,
      body: 'Earlier text',
      state: 'delivered' as const,
      nextAttemptAt: at,
      createdAt: at,
    })),
  );
}

describe('texts on BASIC', () => {
  it("send the 500th text of the team's month and refuse the 501st, saying why", async () => {
    const device = await addDevice('+19175550100');
    const ann = await insertContact(t.database.db, admin.teamId, { phones: ['212-555-0110'] });
    await textsAt(device, 499, new Date('2026-01-01T05:00:00Z')); // 1 January, 00:00 in New York
    // 31 December 23:59 in New York: last month's, not counted (though it is January in UTC).
    await textsAt(device, 30, new Date('2026-01-01T04:59:00Z'));
    const text = () =>
      send(admin, 'POST', '/api/messages/sendSms', { dataId: ann.id, to: '+12125550110', body: 'Hi' });

    expect((await text()).statusCode).toBe(200);
    const refused = await text();

    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      code: 'PLAN_SMS_LIMIT',
      message:
        "Your plan's limit of 500 texts this month is reached. Upgrade to LITE or PRO in Settings > Billing.",
    });
    const thisMonth = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsJobs)
      .where(sql`${smsJobs.createdAt} >= '2026-01-01T05:00:00Z'`);
    expect(thisMonth[0]!.n).toBe(500);
  });

  it('start again when the month turns, and never stop on LITE', async () => {
    const device = await addDevice('+19175550100');
    const ann = await insertContact(t.database.db, admin.teamId, { phones: ['212-555-0110'] });
    await textsAt(device, 500, new Date('2026-01-02T12:00:00Z'));
    const text = () =>
      send(admin, 'POST', '/api/messages/sendSms', { dataId: ann.id, to: '+12125550110', body: 'Hi' });

    expect((await text()).statusCode).toBe(402);
    await setPlan('LITE');
    expect((await text()).statusCode).toBe(200);
    await setPlan('BASIC');
    t.clock.set(new Date('2026-02-01T05:00:00Z')); // 1 February, 00:00 in New York
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() }).where(eq(devices.id, device));
    expect((await text()).statusCode).toBe(200);
  });

  it('two texts at once for the last text of the month: one is sent', async () => {
    const device = await addDevice('+19175550100');
    const ann = await insertContact(t.database.db, admin.teamId, { phones: ['212-555-0110'] });
    await textsAt(device, 499, new Date('2026-01-02T12:00:00Z'));
    const text = () =>
      send(admin, 'POST', '/api/messages/sendSms', { dataId: ann.id, to: '+12125550110', body: 'Hi' });
    const codes = (await Promise.all([text(), text(), text()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 402, 402]);
  });
});

describe('a campaign on BASIC', () => {
  async function launch(deviceId: string) {
    const group = (await send(admin, 'PUT', '/api/templates/addGroup', { name: 'Openers' })).json();
    await send(admin, 'PUT', '/api/templates/addTemplate', {
      text: 'Hi, still own the house?',
      groupId: group._id,
    });
    const res = await send(admin, 'POST', '/api/campaigns/launch', {
      name: 'Spring',
      campaignType: 'Text',
      statuses: [await statusId(t.database.db, admin.teamId, 'Not contacted')],
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T14:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
      groupIds: [group._id],
      devices: [deviceId],
    });
    expect(res.statusCode).toBe(200);
    return res.json()._id as string;
  }

  it('sends what is left of the month, then its recipients wait for the next month', async () => {
    const device = await addDevice('+19175550100');
    for (let i = 0; i < 5; i++)
      await insertContact(t.database.db, admin.teamId, {
        status: 'Not contacted',
        phones: [`212-555-01${10 + i}`],
      });
    await textsAt(device, 498, new Date('2026-01-02T12:00:00Z'));
    const campaignId = await launch(device);
    const tick = () => t.app.services.campaignEngine.tick();

    expect(await tick()).toMatchObject({ sent: 2, planLimited: 0 });
    expect(await tick()).toMatchObject({ sent: 0, planLimited: 1 });
    const waiting = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaignId));
    expect(waiting.filter((r) => r.state === 'pending')).toHaveLength(3);
    // The details say why, and until when: midnight of 1 February in New York, the plan's month.
    const stats = (await send(admin, 'GET', `/api/campaigns/stats/${campaignId}`)).json();
    expect(stats.waiting).toEqual([
      { reason: 'planLimit', count: 3, until: '2026-02-01T05:00:00.000Z', field: null },
    ]);

    t.clock.set(new Date('2026-02-02T15:00:00Z')); // Monday 2 February, 10:00 in New York
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() }).where(eq(devices.id, device));
    expect(await tick()).toMatchObject({ sent: 3, planLimited: 0 });
  });
});

describe('users on BASIC', () => {
  const member = (email: string) => ({
    name: email.split('@')[0],
    email,
    phone: '',
    permissions: [],
    dataAccess: 'Only assigned',
  });

  it('admit a second user and refuse a third, saying which plans allow more', async () => {
    expect((await send(admin, 'PATCH', '/api/teams/addMember', member('bo@acme.test'))).statusCode).toBe(200);
    const third = await send(admin, 'PATCH', '/api/teams/addMember', member('cy@acme.test'));
    expect(third.statusCode).toBe(402);
    expect(third.json()).toEqual({
      code: 'PLAN_USER_LIMIT',
      message: 'The BASIC plan allows 2 users. Upgrade to LITE or PRO in Settings > Billing.',
    });
    const listed = (await send(admin, 'GET', '/api/teams/members')).json().members;
    expect(listed).toHaveLength(2);
  });

  it('added at once for the last seat: one is added', async () => {
    const codes = await Promise.all(
      ['bo', 'cy', 'di'].map(
        async (n) =>
          (await send(admin, 'PATCH', '/api/teams/addMember', member(`${n}@acme.test`))).statusCode,
      ),
    );
    expect(codes.sort()).toEqual([200, 402, 402]);
  });

  it('grow to 5 on LITE and without limit on PRO', async () => {
    await setPlan('LITE');
    for (const n of ['b', 'c', 'd', 'e'])
      expect((await send(admin, 'PATCH', '/api/teams/addMember', member(`${n}@acme.test`))).statusCode).toBe(
        200,
      );
    expect((await send(admin, 'PATCH', '/api/teams/addMember', member('f@acme.test'))).statusCode).toBe(402);
    await setPlan('PRO');
    expect((await send(admin, 'PATCH', '/api/teams/addMember', member('f@acme.test'))).statusCode).toBe(200);
  });
});

describe('DNC on BASIC', () => {
  it('import is refused and marks nothing; on LITE it is taken', async () => {
    const dnc = () => send(admin, 'POST', '/api/items/import-dnc', { phones: ['212-555-0110'] });
    const refused = await dnc();
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      code: 'PLAN_NO_DNC',
      message:
        'DNC import and export are not part of the BASIC plan. Upgrade to LITE or PRO in Settings > Billing.',
    });
    await setPlan('LITE');
    expect((await dnc()).json()).toMatchObject({ read: 1, added: 1 });
  });

  it('export is refused; the list’s other exports are not', async () => {
    const [list] = await t.database.db
      .insert(lists)
      .values({
        teamId: admin.teamId,
        name: 'County list',
        position: 1,
        state: 'imported',
        result: {} as typeof lists.$inferInsert.result,
        createdAt: t.clock.now(),
      })
      .returning();
    const exported = (kind: string) => send(admin, 'POST', `/api/items/export${kind}`, { listId: list!.id });
    expect((await exported('DNC')).statusCode).toBe(402);
    expect((await exported('All')).statusCode).toBe(200);
    await setPlan('PRO');
    expect((await exported('DNC')).statusCode).toBe(200);
  });

  it('refuses a member without the import permission as before (permission first)', async () => {
    const mo = await insertMember(t, admin.teamId, 'mo@acme.test');
    expect((await send(mo, 'POST', '/api/items/import-dnc', { phones: ['212-555-0110'] })).statusCode).toBe(
      403,
    );
  });
});

describe('usage', () => {
  it("counts this month's texts and placed calls in the team's zone, and the users", async () => {
    const device = await addDevice('+19175550100');
    await textsAt(device, 120, new Date('2026-01-03T12:00:00Z'));
    await textsAt(device, 40, new Date('2025-12-31T12:00:00Z'));
    // Calls the dialler placed: this month's outbound ones count, a call-back received does not, and
    // 23:30 on 31 December in New York is last month there.
    const call = (direction: 'in' | 'out', startedAt: string) => ({
      teamId: admin.teamId,
      direction,
      fromNumber: '+19175550100',
      toNumber: '+12125550110',
      status: 'Done' as const,
      startedAt: new Date(startedAt),
    });
    await t.database.db
      .insert(calls)
      .values([
        call('out', '2026-01-02T15:00:00Z'),
        call('out', '2026-01-04T15:00:00Z'),
        call('in', '2026-01-04T16:00:00Z'),
        call('out', '2026-01-01T04:30:00Z'),
      ]);
    await insertMember(t, admin.teamId, 'mo@acme.test');

    const usage = await send(admin, 'GET', '/api/billing/usage');

    expect(usage.json()).toEqual({
      plan: 'BASIC',
      month: '2026-01',
      timeZone: 'America/New_York',
      sms: { used: 120, limit: 500 },
      calls: { used: 2, limit: 250 },
      users: { used: 2, limit: 2 },
    });
    await setPlan('PRO');
    expect((await send(admin, 'GET', '/api/billing/usage')).json()).toMatchObject({
      plan: 'PRO',
      sms: { used: 120, limit: null },
      users: { used: 2, limit: null },
    });
  });

  it('and the billing screen are for admins: a member is refused', async () => {
    const mo = await insertMember(t, admin.teamId, 'mo@acme.test', { permissions: ['members', 'sms'] });
    for (const url of ['/api/billing/get', '/api/billing/usage', '/api/billing/history'])
      expect((await send(mo, 'GET', url)).statusCode).toBe(403);
  });
});
