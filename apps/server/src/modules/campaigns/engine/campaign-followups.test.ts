import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  calls,
  campaignRecipients,
  devices,
  identifiers,
  items,
  messages,
  smsJobs,
  teams,
} from '../../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { insertTeamAdmin, statusId, type TestUser } from '../../../test/factories.js';

// Monday 5 January 2026, 10:00 in New York.
const MONDAY_10_NY = new Date('2026-01-05T15:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const zonesOf = async (phone: string) => (phone.startsWith('+1212') ? ['America/New_York'] : []);

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp(
    {
      CAMPAIGN_GAP_MIN_MS: 0,
      CAMPAIGN_GAP_MAX_MS: 0,
      CAMPAIGN_BATCH_PER_DEVICE: 25,
      CAMPAIGN_MAX_PER_TICK: 500,
      CAMPAIGN_FIRST_TOUCH_CAP: 200,
    },
    { phoneZones: zonesOf, random: () => 0.5 },
  );
  t.clock.set(MONDAY_10_NY);
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  await t.database.db
    .update(teams)
    .set({ timezone: 'America/New_York', ppgl: 200 })
    .where(eq(teams.id, admin.teamId));
}, 120_000);
afterEach(async () => {
  await t.close();
});

const api = async (method: 'PUT' | 'POST', url: string, payload: object) => {
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

/** Keeps the devices connected as the clock moves on. */
async function ping(ids: string[]) {
  await t.database.db.update(devices).set({ pingedAt: t.clock.now() }).where(inArray(devices.id, ids));
}

async function addGroup(name: string, text: string) {
  const group = await api('PUT', '/api/templates/addGroup', { name });
  await api('PUT', '/api/templates/addTemplate', { text, groupId: group._id });
  return group._id as string;
}

/** `n` contacts in New York, 'Not contacted', one phone each, written in two statements. */
async function contacts(n: number) {
  const status = await statusId(t.database.db, admin.teamId, 'Not contacted');
  const at = new Date('2026-01-01T00:00:00Z');
  const rows = await t.database.db
    .insert(items)
    .values(
      Array.from({ length: n }, (_, i) => ({
        teamId: admin.teamId,
        type: 'contact' as const,
        data: { 'First name': `Ann${i}`, 'Last name': 'Lee' },
        statusId: status,
        searchText: `ann${i} lee`,
        lastActivityAt: at,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning({ id: items.id });
  await t.database.db.insert(identifiers).values(
    rows.map((r, i) => ({
      teamId: admin.teamId,
      itemId: r.id,
      value: `+1212${String(2_000_000 + i).padStart(7, '0')}`,
      isEmail: false,
      primary: true,
      position: 0,
      createdAt: at,
    })),
  );
  return rows.map((r) => r.id);
}

/** A contact texts back: the thread gets the text and the campaigns hear of it, as on a real reply. */
async function reply(itemId: string) {
  const now = t.clock.now();
  await t.database.db.insert(messages).values({
    teamId: admin.teamId,
    itemId,
    body: 'Who is this?',
    direction: 'in',
    createdAt: now,
  });
  await t.database.db
    .update(items)
    .set({
      lastMessage: { body: 'Who is this?', createdAt: now.toISOString(), direction: 'in', leadIdt: null },
    })
    .where(eq(items.id, itemId));
  await t.app.services.campaigns.stopForReply(admin.teamId, itemId, false);
}

const tick = () => t.app.services.campaignEngine.tick();

/**
 * Ticks until three ticks in a row send nothing, the clock two minutes on after each empty one (a
 * contact whose device had no slot left waits a minute for it).
 */
async function drain(devices: string[]) {
  let total = 0;
  let idle = 0;
  for (let i = 0; i < 300 && idle < 3; i++) {
    const r = await tick();
    total += r.sent;
    if (r.sent > 0) idle = 0;
    else {
      idle++;
      t.clock.set(new Date(t.clock.now().getTime() + 2 * 60_000));
      await ping(devices);
    }
  }
  return total;
}

describe('follow-up steps', () => {
  it('a 3-step campaign over 1,000 contacts: no one who replied gets a later step, none gets more than 3 texts in 24 hours, every step goes from the first step’s phone', async () => {
    const deviceIds = [];
    for (let d = 0; d < 5; d++)
      deviceIds.push(await addDevice(`+1917555${String(100 + d).padStart(4, '0')}`));
    const ids = await contacts(1000);
    const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
    const c = await api('POST', '/api/campaigns/launch', {
      name: 'Spring',
      campaignType: 'Text',
      statuses: [notContacted],
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T14:00:00Z', // 9:00 New York
      endTime: '2026-01-05T23:00:00Z', // 18:00 New York
      startDate: '2026-01-05T05:00:00Z',
      groupIds: [await addGroup('Openers', 'Hi **First name**, still own the house?')],
      devices: deviceIds,
      followUps: [
        { afterDays: 2, groupIds: [await addGroup('Nudge', '**First name**, any interest in an offer?')] },
        { afterDays: 3, groupIds: [await addGroup('Last', 'Last note from me, **First name**.')] },
      ],
    });
    expect(c.recipients).toBe(1000);
    expect(c.followUps).toHaveLength(2);

    // Step 1: everyone is texted on Monday.
    expect(await drain(deviceIds)).toBe(1000);
    // Scripted replies to step 1: every 5th contact; a member texts every 50th by hand.
    const repliedAt = new Map<string, number>();
    for (const [i, id] of ids.entries())
      if (i % 5 === 0) {
        await reply(id);
        repliedAt.set(id, 1);
      }
    for (const [i, id] of ids.entries())
      if (i % 50 === 7)
        await t.database.db.insert(messages).values({
          teamId: admin.teamId,
          itemId: id,
          body: 'Calling you now',
          direction: 'out',
          senderId: admin.userId,
          createdAt: t.clock.now(),
        });

    // A day on: nothing is due yet (the follow-up waits 2 days).
    t.clock.set(new Date(MONDAY_10_NY.getTime() + DAY));
    await ping(deviceIds);
    expect(await drain(deviceIds)).toBe(0);
    const details = await t.app.inject({ url: `/api/campaigns/stats/${c._id}`, headers: admin.headers });
    const step1Waiting = details.json().steps[1].waiting;
    expect(step1Waiting, JSON.stringify(step1Waiting)).toEqual([
      expect.objectContaining({ reason: 'followUpDue', count: 800 }),
    ]);

    // Step 2 on Wednesday.
    t.clock.set(new Date(MONDAY_10_NY.getTime() + 2 * DAY));
    await ping(deviceIds);
    const manual = ids.filter((_, i) => i % 50 === 7).length;
    expect(await drain(deviceIds)).toBe(1000 - 200 - manual);
    // Replies to step 2: every 7th contact among those who got it.
    for (const [i, id] of ids.entries())
      if (i % 7 === 3 && !repliedAt.has(id) && i % 50 !== 7) {
        await reply(id);
        repliedAt.set(id, 2);
      }

    // Step 3 on Monday 12 January (3 days after Wednesday falls on Saturday: waits for Monday's window).
    t.clock.set(new Date(MONDAY_10_NY.getTime() + 5 * DAY));
    await ping(deviceIds);
    expect(await drain(deviceIds)).toBe(0);
    t.clock.set(new Date(MONDAY_10_NY.getTime() + 7 * DAY));
    await ping(deviceIds);
    const third = await drain(deviceIds);
    expect(third).toBeGreaterThan(0);

    const jobs = await t.database.db
      .select({ itemId: smsJobs.itemId, from: smsJobs.fromValue, body: smsJobs.body, at: smsJobs.createdAt })
      .from(smsJobs)
      .where(eq(smsJobs.campaignId, c._id));
    const byItem = new Map<string, typeof jobs>();
    for (const j of jobs) byItem.set(j.itemId!, [...(byItem.get(j.itemId!) ?? []), j]);
    const stepOf = (body: string) => (body.startsWith('Hi ') ? 1 : body.startsWith('Last') ? 3 : 2);

    for (const [itemId, list] of byItem) {
      list.sort((a, b) => a.at.getTime() - b.at.getTime());
      // No one who replied gets a later step.
      const replied = repliedAt.get(itemId);
      if (replied) expect(Math.max(...list.map((j) => stepOf(j.body)))).toBeLessThanOrEqual(replied);
      // Never more than 3 texts in any 24 hours.
      for (const j of list)
        expect(
          list.filter((k) => k.at >= j.at && k.at.getTime() < j.at.getTime() + DAY).length,
        ).toBeLessThanOrEqual(3);
      // Every step from the phone that sent the first text.
      expect(new Set(list.map((j) => j.from)).size).toBe(1);
    }
    // Texted by hand after the first text: no follow-up.
    for (const [i, id] of ids.entries())
      if (i % 50 === 7) expect(byItem.get(id)!.map((j) => stepOf(j.body))).toEqual([1]);
    const silent = ids.filter((id, i) => !repliedAt.has(id) && i % 50 !== 7);
    expect(third).toBe(silent.length);
    for (const id of silent) expect(byItem.get(id)!.map((j) => stepOf(j.body))).toEqual([1, 2, 3]);

    // The details' per-step figures.
    const stats = (
      await t.app.inject({ url: `/api/campaigns/stats/${c._id}`, headers: admin.headers })
    ).json();
    const replied2 = [...repliedAt.values()].filter((s) => s === 2).length;
    expect(stats.steps.map((s: { sent: number }) => s.sent)).toEqual([
      1000,
      1000 - 200 - manual,
      silent.length,
    ]);
    expect(stats.steps[0].replied).toBe(200);
    expect(stats.steps[1].replied).toBe(replied2);
    expect(stats.steps[2].stoppedBefore).toBe(200 + replied2);
    const recipients = await t.database.db
      .select({ reason: campaignRecipients.reason })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, c._id));
    expect(recipients.filter((r) => r.reason === 'manual')).toHaveLength(manual);
  }, 600_000);

  it('a follow-up stops when the phone turns DNC or Wrong # before it', async () => {
    const device = await addDevice('+19175550100');
    const [a, b, k] = await contacts(3);
    const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
    const c = await api('POST', '/api/campaigns/launch', {
      name: 'Spring',
      campaignType: 'Text',
      statuses: [notContacted],
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T14:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
      groupIds: [await addGroup('Openers', 'Hi **First name**')],
      devices: [device],
      followUps: [{ afterDays: 1, groupIds: [await addGroup('Nudge', 'Again, **First name**')] }],
    });
    expect(await drain([device])).toBe(3);
    await t.database.db.update(identifiers).set({ status: 'DNC' }).where(eq(identifiers.itemId, a!));
    await t.database.db.update(identifiers).set({ status: 'Wrong #' }).where(eq(identifiers.itemId, b!));
    t.clock.set(new Date(MONDAY_10_NY.getTime() + DAY));
    await ping([device]);
    expect(await drain([device])).toBe(1);
    const rows = await t.database.db
      .select({
        itemId: campaignRecipients.itemId,
        state: campaignRecipients.state,
        reason: campaignRecipients.reason,
      })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, c._id));
    const of = (id: string) => rows.find((r) => r.itemId === id)!;
    expect(of(a!)).toMatchObject({ state: 'stopped', reason: 'optOut' });
    expect(of(b!)).toMatchObject({ state: 'stopped', reason: 'blocked' });
    expect(of(k!)).toMatchObject({ state: 'done' });
  }, 120_000);

  it('refuses a sixth follow-up and one without template groups, in words', async () => {
    const device = await addDevice('+19175550100');
    await contacts(1);
    const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
    const group = await addGroup('Openers', 'Hi there');
    const body = (followUps: object[]) => ({
      name: 'Spring',
      campaignType: 'Text',
      statuses: [notContacted],
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T14:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
      groupIds: [group],
      devices: [device],
      followUps,
    });
    const six = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns/launch',
      headers: admin.headers,
      payload: body(Array.from({ length: 6 }, () => ({ afterDays: 1, groupIds: [group] }))),
    });
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe('A campaign can have at most 5 follow-ups.');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns/launch',
      headers: admin.headers,
      payload: body([{ afterDays: 2, groupIds: [] }]),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Each follow-up needs at least one template group.');
  }, 120_000);
});

describe('each state’s law in the engine', () => {
  it('a Florida address with a New York number waits at 20:00 New York time, naming Florida’s law', async () => {
    const device = await addDevice('+19175550100');
    const [id] = await contacts(1);
    await t.database.db
      .update(items)
      .set({ data: { 'First name': 'Flo', 'Last name': 'Lee', State: 'FL' } })
      .where(eq(items.id, id!));
    // Monday 20:00 in New York; the campaign's window runs to 22:00.
    t.clock.set(new Date('2026-01-06T01:00:00Z'));
    await ping([device]);
    const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
    const c = await api('POST', '/api/campaigns/launch', {
      name: 'Evening',
      campaignType: 'Text',
      statuses: [notContacted],
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T14:00:00Z', // 9:00
      endTime: '2026-01-06T03:00:00Z', // 22:00
      startDate: '2026-01-05T05:00:00Z',
      groupIds: [await addGroup('Openers', 'Hi **First name**')],
      devices: [device],
    });
    expect((await tick()).sent).toBe(0);
    const stats = (
      await t.app.inject({ url: `/api/campaigns/stats/${c._id}`, headers: admin.headers })
    ).json();
    // Florida reaches into Central time: 8:00 in Pensacola is 14:00 UTC.
    expect(stats.waiting).toEqual([
      { reason: 'quietHours', count: 1, until: '2026-01-06T14:00:00.000Z', field: null, law: 'FL' },
    ]);
  }, 120_000);

  it('counts calls with texts against Florida’s 3 in 24 hours: a contact called 3 times today is not texted', async () => {
    const device = await addDevice('+19175550100');
    const [called, fresh] = await contacts(2);
    for (const id of [called!, fresh!])
      await t.database.db
        .update(items)
        .set({ data: { 'First name': 'Flo', 'Last name': 'Lee', State: 'FL' } })
        .where(eq(items.id, id));
    const [phone] = await t.database.db
      .select({ value: identifiers.value })
      .from(identifiers)
      .where(eq(identifiers.itemId, called!));
    for (const h of [6, 4, 2])
      await t.database.db.insert(calls).values({
        teamId: admin.teamId,
        itemId: called!,
        userId: admin.userId,
        campaignId: null,
        direction: 'out',
        fromNumber: '+12125550100',
        toNumber: phone!.value,
        status: 'No answer',
        // Before the campaign: its own stop for a member's call does not apply.
        startedAt: new Date(MONDAY_10_NY.getTime() - h * HOUR),
      });
    const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
    const c = await api('POST', '/api/campaigns/launch', {
      name: 'Florida',
      campaignType: 'Text',
      statuses: [notContacted],
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T14:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
      groupIds: [await addGroup('Openers', 'Hi **First name**')],
      devices: [device],
    });
    expect((await tick()).sent).toBe(1);
    const stats = (
      await t.app.inject({ url: `/api/campaigns/stats/${c._id}`, headers: admin.headers })
    ).json();
    // The oldest call (6 hours before 10:00) turns 24 hours old a day later: the engine looks within the hour.
    expect(stats.waiting).toEqual([expect.objectContaining({ reason: 'lawDailyCap', count: 1, law: 'FL' })]);
  }, 120_000);

  it('a member’s own call (outside any campaign) stops the follow-ups; a call campaign’s call does not', async () => {
    const device = await addDevice('+19175550100');
    const [byHand, byCampaign] = await contacts(2);
    const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
    const c = await api('POST', '/api/campaigns/launch', {
      name: 'Spring',
      campaignType: 'Text',
      statuses: [notContacted],
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T14:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
      groupIds: [await addGroup('Openers', 'Hi **First name**')],
      devices: [device],
      followUps: [{ afterDays: 1, groupIds: [await addGroup('Nudge', 'Again, **First name**')] }],
    });
    expect(await drain([device])).toBe(2);
    const callsCampaign = await api('POST', '/api/campaigns/launch', {
      campaignType: 'Call',
      phoneType: 'All',
      statuses: [notContacted],
      startTime: '2026-01-05T15:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
    });
    for (const [itemId, campaignId] of [
      [byHand!, null],
      [byCampaign!, callsCampaign._id as string],
    ] as const) {
      const at = new Date(t.clock.now().getTime() + 60_000);
      await t.database.db.insert(calls).values({
        teamId: admin.teamId,
        itemId,
        userId: admin.userId,
        campaignId,
        direction: 'out',
        fromNumber: '+12125550100',
        toNumber: '+12125550199',
        status: 'Done',
        answered: true,
        startedAt: at,
      });
      await t.database.db.insert(messages).values({
        teamId: admin.teamId,
        itemId,
        body: 'Outbound call · 0:30',
        direction: 'out',
        system: true,
        senderId: admin.userId,
        createdAt: at,
      });
    }
    t.clock.set(new Date(MONDAY_10_NY.getTime() + DAY));
    await ping([device]);
    expect(await drain([device])).toBe(1);
    const rows = await t.database.db
      .select({
        itemId: campaignRecipients.itemId,
        state: campaignRecipients.state,
        reason: campaignRecipients.reason,
      })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, c._id));
    expect(rows.find((r) => r.itemId === byHand)).toMatchObject({ state: 'stopped', reason: 'manual' });
    expect(rows.find((r) => r.itemId === byCampaign)).toMatchObject({ state: 'done' });
  }, 120_000);
});
