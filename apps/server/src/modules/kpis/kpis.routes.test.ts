import { serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import {
  calls,
  campaignRecipients,
  campaigns,
  devices,
  messages,
  replyLabels,
  smsJobs,
  teams,
  templates,
} from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';

let t: TestApp;
let admin: TestUser;
let analyst: TestUser;
let plain: TestUser;
let other: TestUser;
const ids: Record<string, string> = {};

const at = (iso: string) => new Date(iso);

/**
 * A team in New York (UTC−5 in January) with two lines, two templates, one campaign, texts, replies
 * and calls around the midnight of 10/11 January; and another team whose figures must never count.
 */
async function seed(db: Db, teamId: string, prefix: string) {
  const [d1, d2] = await db
    .insert(devices)
    .values([
      { teamId, kind: 'android', value: `+1212555${prefix}01`, createdAt: at('2026-01-01T00:00:00Z') },
      { teamId, kind: 'android', value: `+1305555${prefix}02`, createdAt: at('2026-01-01T00:00:00Z') },
    ])
    .returning();
  const [t1, t2] = await db
    .insert(templates)
    .values([
      {
        teamId,
        text: 'Hi **First name**, still own the house?',
        createdAt: new Date(),
        updatedAt: new Date(),
      },
      { teamId, text: 'Would you sell **Street1**?', createdAt: new Date(), updatedAt: new Date() },
    ])
    .returning();
  const item = await insertContact(db, teamId);
  const [c] = await db
    .insert(campaigns)
    .values({
      teamId,
      name: 'January',
      listIds: [],
      statusIds: [],
      weekDays: [1, 2, 3, 4, 5],
      startHour: 9,
      endHour: 18,
      startDate: at('2026-01-01T00:00:00Z'),
      timezone: 'America/New_York',
      groupIds: [],
      deviceIds: [d1!.id, d2!.id],
      createdAt: at('2026-01-01T00:00:00Z'),
    })
    .returning();
  const [r1, r2, r3] = await db
    .insert(campaignRecipients)
    .values(
      (['replied', 'optOut', null] as const).map((reason) => ({
        campaignId: c!.id,
        teamId,
        itemId: item.id,
        state: reason ? ('stopped' as const) : ('waiting' as const),
        reason,
        step: 1,
        nextAt: at('2026-01-20T00:00:00Z'),
      })),
    )
    .returning();
  const job = (
    device: typeof d1,
    createdAt: string,
    state: 'queued' | 'sent' | 'delivered' | 'failed',
    extra: { templateId?: string; recipientId?: string; step?: number } = {},
  ) => ({
    teamId,
    deviceId: device!.id,
    fromValue: device!.value,
    to: '+12025550100',
    body: 'hello',
    state,
    nextAttemptAt: at(createdAt),
    createdAt: at(createdAt),
    ...extra,
  });
  await db.insert(smsJobs).values([
    job(d1, '2026-01-10T15:00:00Z', 'delivered', { templateId: t1!.id, recipientId: r1!.id, step: 1 }),
    // 23:30 in New York on the 10th, already the 11th in UTC.
    job(d1, '2026-01-11T04:30:00Z', 'sent', { templateId: t1!.id, recipientId: r2!.id, step: 1 }),
    // 00:30 in New York on the 11th.
    job(d2, '2026-01-11T05:30:00Z', 'failed', { templateId: t2!.id, recipientId: r3!.id, step: 1 }),
    job(d2, '2026-01-11T20:00:00Z', 'delivered'),
    job(d1, '2026-01-11T21:00:00Z', 'queued'),
    // Outside the period: 01:00 on the 12th and 23:00 on the 9th in New York.
    job(d1, '2026-01-12T06:00:00Z', 'delivered'),
    job(d1, '2026-01-10T04:00:00Z', 'delivered'),
  ]);
  const msg = (createdAt: string, extra: Partial<typeof messages.$inferInsert>) => ({
    teamId,
    itemId: item.id,
    body: 'reply',
    direction: 'in' as const,
    phone: '+12025550100',
    status: 'received',
    createdAt: at(createdAt),
    ...extra,
  });
  const [answer] = await db
    .insert(messages)
    .values([
      msg('2026-01-10T16:00:00Z', { sentFrom: d1!.value }),
      msg('2026-01-11T03:00:00Z', { sentFrom: d2!.value }),
      msg('2026-01-10T16:00:01Z', { system: true, phone: null, body: 'now marked DNC' }),
      msg('2026-01-10T17:00:00Z', { direction: 'out', sentFrom: d1!.value }),
      msg('2026-01-10T18:00:00Z', { comment: true, phone: null }),
    ])
    .returning();
  // The answer to template 1's text was read as interest (issue 31): a lead, not only a reply.
  await db.insert(replyLabels).values({
    messageId: answer!.id,
    teamId,
    itemId: item.id,
    label: 'interested',
    confidence: 0.9,
    needsLook: false,
    source: 'model',
    modelLabel: 'interested',
    createdAt: at('2026-01-10T16:00:00Z'),
  });
  const call = (startedAt: string, status: 'Done' | 'No answer' | 'Failed') => ({
    teamId,
    direction: 'out' as const,
    fromNumber: '+12125550142',
    toNumber: '+12025550100',
    status,
    startedAt: at(startedAt),
  });
  await db
    .insert(calls)
    .values([
      call('2026-01-10T18:00:00Z', 'Done'),
      call('2026-01-11T04:59:00Z', 'No answer'),
      call('2026-01-11T12:00:00Z', 'Failed'),
    ]);
  return { d1: d1!, d2: d2!, t1: t1!, t2: t2! };
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'boss@kpis.test', 'Bea Boss');
  analyst = await insertMember(t, admin.teamId, 'ana@kpis.test', { permissions: ['kpis'] });
  plain = await insertMember(t, admin.teamId, 'pat@kpis.test', { permissions: ['sms', 'campaigns'] });
  other = await insertTeamAdmin(t, 'boss@other.test', 'Otto Other');
  const { db } = t.database;
  await db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
  const mine = await seed(db, admin.teamId, '01');
  await seed(db, other.teamId, '02');
  Object.assign(ids, { d1: mine.d1.id, d2: mine.d2.id, t1: mine.t1.id, t2: mine.t2.id });
}, 60_000);
afterAll(() => t.close());

const kpis = (u: TestUser, from = '2026-01-10', to = '2026-01-11') =>
  t.app.inject({ method: 'GET', url: `/api/kpis?from=${from}&to=${to}`, headers: u.headers });

describe('team KPIs', () => {
  it("counts the team's texts, answers and calls per day of its time zone, exactly", async () => {
    const res = await kpis(analyst);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.timezone).toBe('America/New_York');
    expect(body.days).toEqual([
      {
        date: '2026-01-10',
        sent: 2,
        delivered: 1,
        replied: 2,
        optedOut: 1,
        blocked: 0,
        calls: [
          { status: 'Done', n: 1 },
          { status: 'No answer', n: 1 },
        ],
      },
      {
        date: '2026-01-11',
        sent: 2,
        delivered: 1,
        replied: 0,
        optedOut: 0,
        blocked: 1,
        calls: [{ status: 'Failed', n: 1 }],
      },
    ]);
    expect(body.totals).toEqual({
      sent: 4,
      delivered: 2,
      replied: 2,
      optedOut: 1,
      blocked: 1,
      blockRate: 25,
      calls: [
        { status: 'Done', n: 1 },
        { status: 'Failed', n: 1 },
        { status: 'No answer', n: 1 },
      ],
    });
  });

  it('counts per line and per template', async () => {
    const body = (await kpis(admin)).json();
    expect(body.devices).toEqual([
      { value: '+12125550101', deviceId: ids.d1, sent: 2, delivered: 1, replied: 1, optedOut: 1, blocked: 0 },
      { value: '+13055550102', deviceId: ids.d2, sent: 2, delivered: 1, replied: 1, optedOut: 0, blocked: 1 },
    ]);
    expect(body.templates).toEqual([
      {
        templateId: ids.t1,
        text: 'Hi **First name**, still own the house?',
        sent: 2,
        delivered: 1,
        replied: 2,
        optedOut: 1,
        blocked: 0,
        interested: 1,
        interestedRate: 100,
      },
      {
        templateId: ids.t2,
        text: 'Would you sell **Street1**?',
        sent: 1,
        delivered: 0,
        replied: 0,
        optedOut: 0,
        blocked: 1,
        interested: 0,
        interestedRate: 0,
      },
    ]);
  });

  it('moves a text across midnight when the day is counted in UTC instead', async () => {
    await t.database.db.update(teams).set({ timezone: null }).where(eq(teams.id, admin.teamId));
    const body = (await kpis(admin)).json();
    await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
    expect(body.timezone).toBe('UTC');
    // In UTC the 23:00 text of the 9th (New York) is on the 10th, and 23:30 on the 10th is on the 11th.
    expect(body.days.map((d: { sent: number }) => d.sent)).toEqual([2, 3]);
  });

  it('lists quiet days with zeros, so the chart has no gaps', async () => {
    const body = (await kpis(admin, '2026-01-01', '2026-01-31')).json();
    expect(body.days).toHaveLength(31);
    expect(body.days[0]).toMatchObject({ date: '2026-01-01', sent: 0, calls: [] });
    expect(body.totals.sent).toBe(6);
  });

  it('is refused without the kpis permission', async () => {
    const res = await kpis(plain);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(serverMessages.kpis.permission);
  });

  it('answers the last 30 days up to today when no period is given', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/kpis', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    expect(res.json().to).toBe(today);
    expect(res.json().days).toHaveLength(30);
  });

  it('refuses a reversed period, one over a year and dates that do not exist', async () => {
    expect((await kpis(admin, '2026-01-11', '2026-01-10')).statusCode).toBe(400);
    expect((await kpis(admin, '2025-01-01', '2026-01-10')).statusCode).toBe(400);
    expect((await kpis(admin, '2026-02-30', '2026-03-01')).statusCode).toBe(400);
  });

  it("never counts another team's figures: the other team sees only its own", async () => {
    const body = (await kpis(other)).json();
    expect(body.timezone).toBe('UTC');
    expect(body.devices.map((d: { value: string }) => d.value).sort()).toEqual([
      '+12125550201',
      '+13055550202',
    ]);
  });
});
