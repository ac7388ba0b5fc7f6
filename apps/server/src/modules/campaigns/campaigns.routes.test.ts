import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  identifiers,
  items,
  listItems,
  lists,
  messages,
  replyLabels,
  teams,
} from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  insertContact,
  insertMember,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from '../../test/factories.js';

let t: TestApp;
let admin: TestUser;
let notContacted: string;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
  notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
});
afterEach(async () => {
  await t.close();
});

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function setup(user = admin) {
  const group = (await call(user, 'PUT', '/api/templates/addGroup', { name: 'Openers' })).json();
  await call(user, 'PUT', '/api/templates/addTemplate', { text: 'Hello there friend', groupId: group._id });
  const device = (
    await call(user, 'POST', '/api/services/addNumber', { phoneType: 'Android', value: '+19175550100' })
  ).json().device._id as string;
  return { group: group._id as string, device };
}

const draft = (s: { group: string; device: string }, over: Record<string, unknown> = {}) => ({
  name: 'Spring',
  campaignType: 'Text',
  statuses: [notContacted],
  weekDays: [1, 2, 3, 4, 5],
  startTime: '2026-01-05T15:00:00Z',
  endTime: '2026-01-05T23:00:00Z',
  startDate: '2026-01-05T05:00:00Z',
  groupIds: [s.group],
  devices: [s.device],
  ...over,
});

describe('launching a campaign', () => {
  it("keeps the hours of the team's zone and picks the target's contacts with a usable phone", async () => {
    const s = await setup();
    await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: ['212-555-0110'] });
    const dnc = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0111'],
    });
    await t.database.db.update(identifiers).set({ status: 'DNC' }).where(eq(identifiers.itemId, dnc.id));
    await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', emails: ['a@b.test'] });
    const res = await call(admin, 'POST', '/api/campaigns/launch', draft(s));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Spring',
      startHour: 10,
      endHour: 18,
      timezone: 'America/New_York',
      status: 'In Progress',
      paused: false,
      recipients: 1,
    });
  });

  it('refuses with the first failing rule of the spec, in its words, and creates nothing', async () => {
    const s = await setup();
    await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: ['212-555-0110'] });
    const cases: [Record<string, unknown>, string][] = [
      [{ campaignType: null, statuses: [] }, 'You need to select campaign type first'],
      [{ statuses: [], weekDays: [] }, 'You need to select at least one status'],
      [
        { statuses: [await statusId(t.database.db, admin.teamId, 'Wrong number')] },
        'The contact count is 0 with your current filters.',
      ],
      [{ weekDays: [], groupIds: [] }, 'You need to select at least one day of the week.'],
      [{ groupIds: [], name: '' }, 'You need to select at least one template group.'],
      [{ name: ' ', devices: [] }, 'Please give your campaign a name.'],
      [{ devices: [] }, 'You need to pick at least one device.'],
      [{ hasEnd: true, endDate: '2026-01-04T12:00:00Z' }, 'The end date cannot be earlier than today.'],
      [
        { lastContactedAt: '2026-01-01T00:00:00Z' },
        'The last-contacted date must be at least 7 days before now.',
      ],
      [{ endTime: '2026-01-05T14:00:00Z' }, 'The end time must be later than the start time.'],
      [{ campaignType: 'Email' }, 'Coming soon!'],
    ];
    for (const [change, message] of cases) {
      const res = await call(admin, 'POST', '/api/campaigns/launch', draft(s, change));
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    await t.database.db.update(teams).set({ timezone: null }).where(eq(teams.id, admin.teamId));
    const noZone = await call(admin, 'POST', '/api/campaigns/launch', draft(s));
    expect(noZone.json().message).toBe('You need to select set your timezone in Settings > Other');
    expect(await t.database.db.$count(campaigns)).toBe(0);
  });

  it('counts the recipients who answered by the label of their latest reply since the campaign texted them', async () => {
    const s = await setup();
    const people = [];
    for (const phone of ['212-555-0110', '212-555-0111', '212-555-0112'])
      people.push(
        await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: [phone] }),
      );
    const id = (await call(admin, 'POST', '/api/campaigns/launch', draft(s))).json()._id as string;
    const textedAt = new Date('2026-01-05T16:00:00Z');
    await t.database.db
      .update(campaignRecipients)
      .set({ state: 'stopped', reason: 'replied', lastSentAt: textedAt })
      .where(eq(campaignRecipients.campaignId, id));
    const answer = async (itemId: string, label: 'interested' | 'not_owner', at: string) => {
      const [m] = await t.database.db
        .insert(messages)
        .values({ teamId: admin.teamId, itemId, body: 'x', direction: 'in', createdAt: new Date(at) })
        .returning();
      await t.database.db.insert(replyLabels).values({
        messageId: m!.id,
        teamId: admin.teamId,
        itemId,
        label,
        confidence: 0.9,
        needsLook: false,
        source: 'model',
        modelLabel: label,
        createdAt: new Date(at),
      });
    };
    // Ann said she is not the owner, then that she is interested: her latest reply counts.
    await answer(people[0]!.id, 'not_owner', '2026-01-05T17:00:00Z');
    await answer(people[0]!.id, 'interested', '2026-01-05T18:00:00Z');
    await answer(people[1]!.id, 'not_owner', '2026-01-05T17:00:00Z');
    // A reply from before the campaign's text is not an answer to it.
    await answer(people[2]!.id, 'interested', '2026-01-05T15:00:00Z');
    const stats = (await call(admin, 'GET', `/api/campaigns/stats/${id}`)).json();
    expect(stats.repliesByLabel).toMatchObject({ interested: 1, not_owner: 1, question: 0, opt_out: 0 });
  });

  it("refuses another team's lists, devices and template groups", async () => {
    const s = await setup();
    await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: ['212-555-0110'] });
    const other = await insertTeamAdmin(t, 'eve@evil.test');
    await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, other.teamId));
    const theirs = await setup(other);
    const res = (change: Record<string, unknown>) =>
      call(admin, 'POST', '/api/campaigns/launch', draft(s, change));
    expect((await res({ devices: [theirs.device] })).json().message).toBe(
      'One of the chosen devices does not exist.',
    );
    expect((await res({ groupIds: [theirs.group] })).json().message).toBe(
      'One of the chosen template groups does not exist.',
    );
    const [list] = await t.database.db
      .insert(lists)
      .values({
        teamId: other.teamId,
        name: 'Theirs',
        position: 1,
        state: 'imported',
        result: {} as never,
        createdAt: new Date(),
      })
      .returning();
    expect((await res({ listIds: [list!.id] })).json().message).toBe(
      'One of the chosen lists does not exist.',
    );
    expect(await t.database.db.$count(campaigns)).toBe(0);
  });

  it('needs the campaigns permission; an Only assigned member reaches only their contacts', async () => {
    const s = await setup();
    const plain = await insertMember(t, admin.teamId, 'mo@acme.test');
    expect((await call(plain, 'POST', '/api/campaigns/launch', draft(s))).statusCode).toBe(403);
    const lead = await insertMember(t, admin.teamId, 'lea@acme.test', { permissions: ['campaigns'] });
    await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0110'],
      assignedTo: [lead.userId],
    });
    await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: ['212-555-0111'] });
    const res = await call(lead, 'POST', '/api/campaigns/launch', draft(s));
    expect(res.json().recipients).toBe(1);
  });
});

describe('counting the target', () => {
  it('counts contacts per status for a list and the last-contacted filter', async () => {
    const [list] = await t.database.db
      .insert(lists)
      .values({
        teamId: admin.teamId,
        name: 'Mine',
        position: 1,
        state: 'imported',
        result: {} as never,
        createdAt: new Date(),
      })
      .returning();
    const inList = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0110'],
    });
    await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: ['212-555-0111'] });
    await t.database.db.insert(listItems).values({ listId: list!.id, itemId: inList.id, type: 'contact' });
    const count = async (body: object) =>
      (
        (await call(admin, 'POST', '/api/items/count', body)).json() as { text: string; count: number }[]
      ).find((s) => s.text === 'Not contacted')?.count;
    expect(await count({})).toBe(2);
    expect(await count({ listIds: [list!.id] })).toBe(1);
    const recent = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0112'],
    });
    await t.database.db
      .update(items)
      .set({ lastContactedAt: new Date('2026-01-04T00:00:00Z') })
      .where(eq(items.id, recent.id));
    expect(await count({ lastContactedAt: '2025-12-29T00:00:00Z' })).toBe(2);
  });
});

describe('the Campaigns page', () => {
  it('lists running, then paused, then finished, searches by name and pages by 15', async () => {
    const s = await setup();
    await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: ['212-555-0110'] });
    const made: string[] = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      made.push((await call(admin, 'POST', '/api/campaigns/launch', draft(s, { name }))).json()._id);
      t.clock.advance(1000);
    }
    await call(admin, 'POST', '/api/campaigns/startStop', { campaignId: made[2], paused: true });
    await t.database.db.update(campaigns).set({ status: 'Finished' }).where(eq(campaigns.id, made[1]!));
    const all = (await call(admin, 'GET', '/api/campaigns/getAll')).json();
    expect(all.campaigns.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'Charlie', 'Bravo']);
    const found = (await call(admin, 'GET', '/api/campaigns/getAll?search=rav')).json();
    expect([found.total, found.campaigns[0].name]).toEqual([1, 'Bravo']);
    for (let i = 0; i < 14; i++)
      await call(admin, 'POST', '/api/campaigns/launch', draft(s, { name: `More ${i}` }));
    const first = (await call(admin, 'GET', '/api/campaigns/getAll')).json();
    const second = (await call(admin, 'GET', '/api/campaigns/getAll?skip=15')).json();
    expect([first.campaigns.length, second.campaigns.length, first.total]).toEqual([15, 2, 17]);
  });

  it("pauses, shows figures and removes; another team's campaign is not found", async () => {
    const s = await setup();
    await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: ['212-555-0110'] });
    const id = (await call(admin, 'POST', '/api/campaigns/launch', draft(s))).json()._id as string;
    const other = await insertTeamAdmin(t, 'eve@evil.test');
    expect(
      (await call(other, 'POST', '/api/campaigns/startStop', { campaignId: id, paused: true })).statusCode,
    ).toBe(404);
    expect((await call(other, 'GET', `/api/campaigns/stats/${id}`)).statusCode).toBe(404);
    expect((await call(other, 'PATCH', '/api/campaigns/remove', { campaignId: id })).statusCode).toBe(404);
    expect(
      (await call(admin, 'POST', '/api/campaigns/startStop', { campaignId: id, paused: true })).json().paused,
    ).toBe(true);
    const stats = (await call(admin, 'GET', `/api/campaigns/stats/${id}`)).json();
    expect(stats).toMatchObject({
      recipients: 1,
      pending: 1,
      sent: 0,
      byDevice: [{ name: '+19175550100', sent: 0 }],
    });
    expect((await call(admin, 'PATCH', '/api/campaigns/remove', { campaignId: id })).json()).toEqual({
      ok: true,
    });
    expect(await t.database.db.$count(campaigns)).toBe(0);
  });
});
