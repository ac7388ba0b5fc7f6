import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  devices,
  identifiers,
  notifications,
  smsJobs,
  teams,
  templates,
} from '../../../db/schema/index.js';
import { queryRows } from '../../../db/client.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { insertContact, insertTeamAdmin, statusId, type TestUser } from '../../../test/factories.js';

// Monday 5 January 2026, 10:00 in New York.
const MONDAY_10_NY = new Date('2026-01-05T15:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONES: Record<string, string[]> = {
  '+1212': ['America/New_York'],
  '+1310': ['America/Los_Angeles'],
  '+1917': ['America/New_York'],
};
const zonesOf = async (phone: string) => ZONES[phone.slice(0, 5)] ?? [];

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp(
    { CAMPAIGN_GAP_MIN_MS: 0, CAMPAIGN_GAP_MAX_MS: 0, CAMPAIGN_BATCH_PER_DEVICE: 10 },
    { phoneZones: zonesOf, random: () => 0.5 },
  );
  t.clock.set(MONDAY_10_NY);
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
});
afterEach(async () => {
  await t.close();
});

const api = async (method: 'PUT' | 'POST' | 'PATCH', url: string, payload: object) => {
  const res = await t.app.inject({ method, url, headers: admin.headers, payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

async function addDevice(value: string) {
  const res = await api('POST', '/api/services/addNumber', { phoneType: 'Android', value });
  const id = res.device._id as string;
  await t.database.db
    .update(devices)
    .set({ connected: true, pingedAt: t.clock.now() })
    .where(eq(devices.id, id));
  return id;
}

async function addGroup(...texts: string[]) {
  const group = await api('PUT', '/api/templates/addGroup', { name: 'Openers' });
  for (const text of texts) await api('PUT', '/api/templates/addTemplate', { text, groupId: group._id });
  return group._id as string;
}

async function contacts(
  n: number,
  phone: (i: number) => string | string[],
  data: Record<string, string> = {},
) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const p = phone(i);
    out.push(
      await insertContact(t.database.db, admin.teamId, {
        first: `Ann${i}`,
        status: 'Not contacted',
        phones: Array.isArray(p) ? p : [p],
        data,
      }),
    );
  }
  return out;
}

async function launch(over: Record<string, unknown> = {}) {
  const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
  return api('POST', '/api/campaigns/launch', {
    name: 'Spring',
    campaignType: 'Text',
    statuses: [notContacted],
    weekDays: [1, 2, 3, 4, 5],
    startTime: '2026-01-05T14:00:00Z', // 9:00 New York
    endTime: '2026-01-05T23:00:00Z', // 18:00 New York
    startDate: '2026-01-05T05:00:00Z',
    ...over,
  });
}

const jobs = () => t.database.db.select().from(smsJobs).orderBy(smsJobs.createdAt);
const tick = () => t.app.services.campaignEngine.tick();
const recipientsOf = (campaignId: string) =>
  t.database.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));

describe('sending', () => {
  it('texts each recipient once, rendered, from a campaign device, and finishes when nothing is left', async () => {
    const device = await addDevice('+19175550100');
    await contacts(3, (i) => `212-555-01${10 + i}`);
    const c = await launch({
      groupIds: [await addGroup('Hi **First name**, still own the house?')],
      devices: [device],
    });
    expect(c.recipients).toBe(3);
    expect((await tick()).sent).toBe(3);
    const sent = await jobs();
    expect(sent.map((j) => j.body).sort()).toEqual([
      'Hi Ann0, still own the house?',
      'Hi Ann1, still own the house?',
      'Hi Ann2, still own the house?',
    ]);
    expect(sent.every((j) => j.fromValue === '+19175550100' && j.campaignId === c._id)).toBe(true);
    await tick();
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, c._id));
    expect(row!.status).toBe('Finished');
    expect(await jobs()).toHaveLength(3);
  });

  it('rotates templates and subtemplate values so consecutive recipients read differently', async () => {
    const device = await addDevice('+19175550100');
    await api('PUT', '/api/templates/addSubTemplate', { name: 'greet', values: ['Hi', 'Hello', 'Hey'] });
    await contacts(3, (i) => `212-555-01${10 + i}`);
    const c = await launch({
      groupIds: [await addGroup('{greet} **First name**, quick question')],
      devices: [device],
    });
    await tick();
    const bodies = (await jobs()).map((j) => j.body.split(' ')[0]);
    expect(new Set(bodies).size).toBe(3);
    expect(c.recipients).toBe(3);
  });

  it("counts a text that failed for good against its template's blocked count", async () => {
    const device = await addDevice('+19175550100');
    await contacts(1, () => '212-555-0110');
    await launch({ groupIds: [await addGroup('Hello there friend')], devices: [device] });
    await tick();
    const [job] = await jobs();
    await t.database.db.update(smsJobs).set({ state: 'accepted' }).where(eq(smsJobs.id, job!.id));
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device));
    await t.app.services.sms.applyReports(row!, [
      {
        id: job!.id,
        state: 'failed',
        at: t.clock.now().toISOString(),
        attempt: 1,
        error: 'Blocked by carrier',
      },
    ]);
    const [template] = await t.database.db.select().from(templates);
    expect(template!.blockedCount).toBe(1);
  });

  it('skips a record that lacks a field of the template, and counts it', async () => {
    const device = await addDevice('+19175550100');
    await contacts(1, () => '212-555-0110', { City: 'Albany' });
    await contacts(1, () => '212-555-0111');
    const c = await launch({ groupIds: [await addGroup('Hello from **City**, friend')], devices: [device] });
    await tick();
    expect((await jobs()).map((j) => j.body)).toEqual(['Hello from Albany, friend']);
    const stats = (
      await t.app.inject({ url: `/api/campaigns/stats/${c._id}`, headers: admin.headers })
    ).json();
    expect(stats).toMatchObject({ recipients: 2, skipped: 1, queued: 1 });
  });
});

describe('the schedule', () => {
  it("sends only on the chosen weekdays and hours of the team's time zone", async () => {
    const device = await addDevice('+19175550100');
    await contacts(1, () => '212-555-0110');
    await launch({ groupIds: [await addGroup('Hello there friend')], devices: [device], weekDays: [2] });
    expect((await tick()).sent).toBe(0); // Monday
    t.clock.set(new Date('2026-01-06T13:30:00Z')); // Tuesday 8:30 New York, before 9:00
    expect((await tick()).sent).toBe(0);
    t.clock.set(new Date('2026-01-06T14:00:00Z')); // Tuesday 9:00
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() });
    expect((await tick()).sent).toBe(1);
  });

  it('keeps its local hours across the change to daylight saving time', async () => {
    const device = await addDevice('+19175550100');
    await contacts(2, (i) => `212-555-011${i}`);
    // Launched in winter (EST, UTC-5): 9:00 to 10:00 New York, one a day.
    await t.database.db.update(teams).set({ ppgl: 1 }).where(eq(teams.id, admin.teamId));
    await launch({
      groupIds: [await addGroup('Hello there friend')],
      devices: [device],
      weekDays: [1, 2, 3, 4, 5, 6, 7],
      endTime: '2026-01-05T15:00:00Z',
    });
    // Sunday 8 March 2026 New York is on EDT (UTC-4): 13:30 UTC is 9:30 local, inside the window;
    // under the old offset it would be 8:30, outside.
    t.clock.set(new Date('2026-03-08T13:30:00Z'));
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() });
    expect((await tick()).sent).toBe(1);
    t.clock.set(new Date('2026-03-09T14:30:00Z')); // Monday 10:30 EDT: after the window
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() });
    expect((await tick()).sent).toBe(0);
  });

  it("never texts before 8:00 in the recipient's own time zone", async () => {
    const device = await addDevice('+19175550100');
    await contacts(1, () => '310-555-0110'); // Los Angeles
    await contacts(1, () => '212-555-0110'); // New York
    await launch({ groupIds: [await addGroup('Hello there friend')], devices: [device] });
    t.clock.set(new Date('2026-01-05T14:30:00Z')); // 9:30 New York, 6:30 Los Angeles
    await tick();
    expect((await jobs()).map((j) => j.to)).toEqual(['+12125550110']);
    t.clock.set(new Date('2026-01-05T16:30:00Z')); // 8:30 Los Angeles
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() });
    await tick();
    expect((await jobs()).map((j) => j.to).sort()).toEqual(['+12125550110', '+13105550110']);
  });

  it('sends nothing while paused, and again once resumed', async () => {
    const device = await addDevice('+19175550100');
    await contacts(1, () => '212-555-0110');
    const c = await launch({ groupIds: [await addGroup('Hello there friend')], devices: [device] });
    await api('POST', '/api/campaigns/startStop', { campaignId: c._id, paused: true });
    expect((await tick()).sent).toBe(0);
    await api('POST', '/api/campaigns/startStop', { campaignId: c._id, paused: false });
    expect((await tick()).sent).toBe(1);
  });

  it('finishes when its end date has passed', async () => {
    const device = await addDevice('+19175550100');
    await contacts(1, () => '212-555-0110');
    const c = await launch({
      groupIds: [await addGroup('Hello there friend')],
      devices: [device],
      hasEnd: true,
      endDate: '2026-01-05T23:00:00Z',
      weekDays: [2],
    });
    t.clock.set(new Date('2026-01-06T15:00:00Z'));
    expect((await tick()).sent).toBe(0);
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, c._id));
    expect(row!.status).toBe('Finished');
  });
});

describe('limits', () => {
  it("stops a device at the daily limit and starts over after midnight in the team's zone", async () => {
    await t.database.db.update(teams).set({ ppgl: 2 }).where(eq(teams.id, admin.teamId));
    const device = await addDevice('+19175550100');
    await contacts(5, (i) => `212-555-011${i}`);
    await launch({ groupIds: [await addGroup('Hello there friend')], devices: [device] });
    await tick();
    await tick();
    expect(await jobs()).toHaveLength(2);
    t.clock.set(new Date('2026-01-06T04:59:00Z')); // 23:59 Monday in New York: still Monday
    await tick();
    expect(await jobs()).toHaveLength(2);
    t.clock.set(new Date('2026-01-06T14:00:00Z')); // Tuesday 9:00
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() });
    await tick();
    expect(await jobs()).toHaveLength(4);
  });

  it('spreads new contacts evenly over the connected devices and skips a disconnected one', async () => {
    const a = await addDevice('+19175550100');
    const b = await addDevice('+19175550101');
    const c = await addDevice('+19175550102');
    const gone = await addDevice('+19175550103');
    await t.database.db.update(devices).set({ connected: false, pingedAt: null }).where(eq(devices.id, gone));
    await contacts(9, (i) => `212-555-011${i}`);
    await launch({ groupIds: [await addGroup('Hello there friend')], devices: [a, b, c, gone] });
    await tick();
    const counts = new Map<string, number>();
    for (const j of await jobs()) counts.set(j.fromValue, (counts.get(j.fromValue) ?? 0) + 1);
    expect([...counts.values()]).toEqual([3, 3, 3]);
    expect(counts.has('+19175550103')).toBe(false);
  });

  it('spaces the sends of one device by a random gap', async () => {
    await t.close();
    t = await buildTestApp(
      { CAMPAIGN_GAP_MIN_MS: 20_000, CAMPAIGN_GAP_MAX_MS: 60_000 },
      { phoneZones: zonesOf, random: () => 0.25 },
    );
    t.clock.set(MONDAY_10_NY);
    admin = await insertTeamAdmin(t, 'admin@acme.test');
    await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
    const device = await addDevice('+19175550100');
    await contacts(3, (i) => `212-555-011${i}`);
    await launch({ groupIds: [await addGroup('Hello there friend')], devices: [device] });
    expect((await tick()).sent).toBe(1);
    t.clock.advance(29_000); // the gap drawn is 20 s + 0.25 × 40 s = 30 s
    expect((await tick()).sent).toBe(0);
    t.clock.advance(1_000);
    expect((await tick()).sent).toBe(1);
  });

  it('holds a device to its first-touch cap for new contacts', async () => {
    await t.close();
    t = await buildTestApp(
      { CAMPAIGN_GAP_MIN_MS: 0, CAMPAIGN_GAP_MAX_MS: 0, CAMPAIGN_FIRST_TOUCH_CAP: 2 },
      { phoneZones: zonesOf },
    );
    t.clock.set(MONDAY_10_NY);
    admin = await insertTeamAdmin(t, 'admin@acme.test');
    await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
    const device = await addDevice('+19175550100');
    await contacts(4, (i) => `212-555-011${i}`);
    await launch({ groupIds: [await addGroup('Hello there friend')], devices: [device] });
    await tick();
    await tick();
    expect(await jobs()).toHaveLength(2);
  });

  it('texts one number at most 3 times in 24 hours', async () => {
    const device = await addDevice('+19175550100');
    const [ann] = await contacts(1, () => '212-555-0110');
    for (let i = 0; i < 3; i++)
      await api('POST', '/api/messages/sendSms', { body: `Note ${i}`, dataId: ann!.id, to: '+12125550110' });
    await launch({ groupIds: [await addGroup('Hello there friend')], devices: [device] });
    await tick();
    expect((await jobs()).filter((j) => j.campaignId)).toHaveLength(0);
  });

  it('pauses a device whose delivery rate over its last 50 texts fell under 85%, and tells the admins', async () => {
    const a = await addDevice('+19175550100');
    const b = await addDevice('+19175550101');
    const now = t.clock.now();
    await t.database.db.insert(smsJobs).values(
      Array.from({ length: 50 }, (_, i) => ({
        teamId: admin.teamId,
        deviceId: a,
        fromValue: '+19175550100',
        to: '+12125559999',
        body: 'x',
        state: (i < 10 ? 'failed' : 'delivered') as 'failed' | 'delivered',
        nextAttemptAt: now,
        createdAt: new Date(now.getTime() - i * 1000),
      })),
    );
    await contacts(2, (i) => `212-555-011${i}`);
    const c = await launch({ groupIds: [await addGroup('Hello there friend')], devices: [a, b] });
    await tick();
    expect((await jobs()).filter((j) => j.campaignId).map((j) => j.fromValue)).toEqual([
      '+19175550101',
      '+19175550101',
    ]);
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, c._id));
    expect(row!.pausedDevices).toEqual([a]);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.userId));
    expect(notes.map((n) => n.body)).toEqual([
      'Campaign "Spring": +19175550100 was paused because only 80% of its last 50 texts were delivered.',
    ]);
  });
});

describe('each contact', () => {
  it('keeps its sticky device', async () => {
    const a = await addDevice('+19175550100');
    const b = await addDevice('+19175550101');
    const [ann] = await contacts(1, () => '212-555-0110');
    await t.database.db
      .update(identifiers)
      .set({ sentFrom: '+19175550101' })
      .where(eq(identifiers.itemId, ann!.id));
    await t.database.db.update(devices).set({ sentToday: 100 }).where(eq(devices.id, b));
    await launch({ groupIds: [await addGroup('Hello there friend')], devices: [a, b] });
    await tick();
    expect((await jobs()).map((j) => j.fromValue)).toEqual(['+19175550101']);
  });

  it('gets its next phone after daysToChangeReceiver days without a reply', async () => {
    const device = await addDevice('+19175550100');
    await contacts(1, () => ['212-555-0110', '212-555-0111']);
    const c = await launch({
      groupIds: [await addGroup('Hello there friend')],
      devices: [device],
      daysToChangeReceiver: 2,
    });
    await tick();
    t.clock.advance(DAY);
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() });
    await tick();
    expect((await jobs()).map((j) => j.to)).toEqual(['+12125550110']);
    t.clock.advance(DAY);
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() });
    await tick();
    expect((await jobs()).map((j) => [j.to, j.step])).toEqual([
      ['+12125550110', 1],
      ['+12125550111', 2],
    ]);
    expect((await recipientsOf(c._id))[0]!.state).toBe('done');
  });

  it('is stopped by a reply, and an opt-out marks it DNC and counts it', async () => {
    const device = await addDevice('+19175550100');
    await contacts(2, (i) => [`212-555-011${i}`, `212-555-012${i}`]);
    const c = await launch({ groupIds: [await addGroup('Hello there friend')], devices: [device] });
    await tick();
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device));
    await t.app.services.sms.applyInbound(row!, [
      { id: 'r1', from: '+12125550110', body: 'Who is this?', at: t.clock.now().toISOString() },
      { id: 'r2', from: '+12125550111', body: 'STOP', at: t.clock.now().toISOString() },
    ]);
    t.clock.advance(2 * DAY);
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() });
    await tick();
    expect(await jobs()).toHaveLength(2);
    const stats = (
      await t.app.inject({ url: `/api/campaigns/stats/${c._id}`, headers: admin.headers })
    ).json();
    expect(stats).toMatchObject({ replied: 2, optedOut: 1, pending: 0 });
  });

  it('is stopped when it writes first, without counting as a reply to the campaign', async () => {
    const device = await addDevice('+19175550100');
    await contacts(1, () => '212-555-0110');
    const c = await launch({
      groupIds: [await addGroup('Hello there friend')],
      devices: [device],
      weekDays: [2],
    });
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device));
    await t.app.services.sms.applyInbound(row!, [
      { id: 'r1', from: '+12125550110', body: 'Hi, saw your sign', at: t.clock.now().toISOString() },
    ]);
    t.clock.set(new Date('2026-01-06T15:00:00Z'));
    await t.database.db.update(devices).set({ pingedAt: t.clock.now() });
    await tick();
    expect(await jobs()).toHaveLength(0);
    const stats = (
      await t.app.inject({ url: `/api/campaigns/stats/${c._id}`, headers: admin.headers })
    ).json();
    expect(stats).toMatchObject({ replied: 0, pending: 0 });
    const page = (await t.app.inject({ url: '/api/campaigns/getAll', headers: admin.headers })).json();
    expect(page.campaigns[0]).toMatchObject({ sent: 0, replied: 0 });
  });

  it('is stopped when its status changes to one the campaign does not target', async () => {
    const device = await addDevice('+19175550100');
    const [ann] = await contacts(1, () => '212-555-0110');
    const c = await launch({ groupIds: [await addGroup('Hello there friend')], devices: [device] });
    const hot = await statusId(t.database.db, admin.teamId, 'Wrong number');
    await t.database.db.execute(sql`update items set status_id = ${hot} where id = ${ann!.id}`);
    await tick();
    expect(await jobs()).toHaveLength(0);
    expect((await recipientsOf(c._id))[0]).toMatchObject({ state: 'stopped', reason: 'status' });
  });
});

describe('two engines at once', () => {
  it('never send one recipient the same step twice', async () => {
    const devicesIds = [await addDevice('+19175550100'), await addDevice('+19175550101')];
    await contacts(30, (i) => `212-555-01${String(10 + i)}`);
    const c = await launch({ groupIds: [await addGroup('Hello there friend')], devices: devicesIds });
    // A second server process on the same database, with its own engine.
    const other = await buildTestApp(
      { CAMPAIGN_GAP_MIN_MS: 0, CAMPAIGN_GAP_MAX_MS: 0, CAMPAIGN_BATCH_PER_DEVICE: 10 },
      { phoneZones: zonesOf, database: t.database },
    );
    other.clock.set(t.clock.now());
    try {
      for (let i = 0; i < 3; i++)
        await Promise.all([tick(), other.app.services.campaignEngine.tick(), tick()]);
    } finally {
      await other.close();
    }
    const sent = await jobs();
    expect(sent).toHaveLength(30);
    const twice = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from (select recipient_id, step from sms_jobs
        group by recipient_id, step having count(*) > 1) x`,
    );
    expect(twice[0]!.n).toBe(0);
    expect(
      (
        await t.database.db
          .select()
          .from(campaignRecipients)
          .where(and(eq(campaignRecipients.campaignId, c._id), eq(campaignRecipients.step, 1)))
      ).length,
    ).toBe(30);
  });
});
