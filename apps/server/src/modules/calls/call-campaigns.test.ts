import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callQueue, calls, campaigns, items, teams } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { launchCallCampaign } from './calls.test-support.js';
import {
  insertContact,
  insertMember,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from '../../test/factories.js';

let t: TestApp;
let admin: TestUser;
let caller: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'ann@callcamp.test');
  caller = await insertMember(t, admin.teamId, 'cal@callcamp.test', { permissions: ['calls'] });
  await insertMember(t, admin.teamId, 'texter@callcamp.test', { permissions: ['sms'] });
  await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
});
afterAll(() => t.close());

describe('a call campaign', () => {
  it('launches directly and shares its contacts among the members who may call, the assigned one first', async () => {
    const assigned = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['+12125550131'],
      assignedTo: [caller.userId],
    });
    for (const n of ['+12125550132', '+12125550133', '+12125550134'])
      await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: [n] });
    // A DNC-only contact is never queued.
    const dnc = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['+12125550135'],
    });
    await t.database.db.execute(`update identifiers set status = 'DNC' where item_id = '${dnc.id}'`);

    // No schedule, templates or devices: for type Call the builder launches directly.
    const res = await launchCallCampaign(t, admin, [
      await statusId(t.database.db, admin.teamId, 'Not contacted'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ campaignType: 'Call', phoneType: 'All' });
    const queue = await t.database.db.select().from(callQueue);
    expect(queue).toHaveLength(4);
    expect(queue.every((q) => q.campaignId === res.json()._id)).toBe(true);
    expect(queue.find((q) => q.itemId === assigned.id)?.userId).toBe(caller.userId);
    expect(new Set(queue.map((q) => q.userId))).toEqual(new Set([admin.userId, caller.userId]));
    // The board's queued badge comes alive.
    const [row] = await t.database.db.select().from(items).where(eq(items.id, assigned.id));
    expect(row?.queued).toBe(true);
    // The text engine leaves it alone: it stays In Progress while the queues are called.
    const [c] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, res.json()._id));
    expect(c?.status).toBe('In Progress');
    // The caller's queue shows it as a call campaign's entry.
    const mine = await t.app.inject({ method: 'GET', url: '/api/calls/queue', headers: caller.headers });
    expect(mine.json().queue[0]).toMatchObject({ campaignType: 'Call', callStatus: null });
  });

  it("is named after the team's local day, a second one numbered, and its card counts contacts called and answered", async () => {
    const statuses = [await statusId(t.database.db, admin.teamId, 'Not contacted')];
    const launch = () => launchCallCampaign(t, admin, statuses);
    const res = await launch();
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json();
    const second = (await launch()).json();
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(t.clock.now());
    // The first test's campaign has the day's plain name already.
    expect(first.name).toBe(`Call campaign ${day} (2)`);
    expect(second.name).toBe(`Call campaign ${day} (3)`);

    const called = await insertContact(t.database.db, admin.teamId, { phones: ['+12125550139'] });
    const at = new Date();
    await t.database.db.insert(calls).values([
      {
        teamId: admin.teamId,
        itemId: called.id,
        campaignId: first._id,
        direction: 'out',
        fromNumber: '+12125550100',
        toNumber: '+12125550131',
        status: 'Done',
        answered: true,
        startedAt: at,
      },
      {
        teamId: admin.teamId,
        itemId: called.id,
        campaignId: first._id,
        direction: 'out',
        fromNumber: '+12125550100',
        toNumber: '+12125550131',
        status: 'No answer',
        startedAt: at,
      },
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/api/campaigns/getAll', headers: admin.headers });
    expect(page.statusCode, page.body).toBe(200);
    const card = page.json().campaigns.find((c: { _id: string }) => c._id === first._id);
    expect(card).toMatchObject({ sent: 1, replied: 1 });
  });
});
