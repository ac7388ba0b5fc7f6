import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, teams } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { launchCallCampaign } from './calls.test-support.js';
import {
  insertContact,
  insertMember,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from '../../test/factories.js';

/*
 * Issue 32, ADR 056: a call campaign's contact taken out of a queue before its call stops, and the
 * campaign's details say whose queue it left and who took it out, instead of "in the callers' queues".
 */

let t: TestApp;
let admin: TestUser;
let maya: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-01-05T15:00:00Z'));
  admin = await insertTeamAdmin(t, 'ada@removals.test', 'Ada Admin');
  maya = await insertMember(t, admin.teamId, 'maya@removals.test', { name: 'Maya', permissions: ['calls'] });
  await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
}, 60_000);
afterAll(() => t.close());

const unqueue = (u: TestUser, itemId: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/calls/unqueue', headers: u.headers, payload: { itemId } });

describe("a call campaign's contact taken out of a queue", () => {
  it('stops, and the details name whose queue it left and who took it out', async () => {
    const contact = (phone: string, assignedTo: string[] = []) =>
      insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: [phone], assignedTo });
    // Maya sees only her assigned contact: it goes to her queue, the others to Ada's.
    const mayas = await contact('+12125550141', [maya.userId]);
    const adas = await contact('+12125550142');
    await contact('+12125550143');
    const res = await launchCallCampaign(t, admin, [
      await statusId(t.database.db, admin.teamId, 'Not contacted'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const campaignId = res.json()._id as string;
    const stats = async () =>
      (await t.app.inject({ url: `/api/campaigns/stats/${campaignId}`, headers: admin.headers })).json();
    expect((await stats()).waiting).toEqual([{ reason: 'inCallQueue', count: 3, until: null, field: null }]);
    expect((await stats()).stopped).toEqual([]);

    expect((await unqueue(maya, mayas.id)).statusCode).toBe(200);
    t.clock.set(new Date('2026-01-05T15:05:00Z'));
    expect((await unqueue(admin, adas.id)).statusCode).toBe(200);

    const s = await stats();
    expect(s.waiting).toEqual([{ reason: 'inCallQueue', count: 1, until: null, field: null }]);
    expect(s.pending).toBe(1);
    expect(s.stopped).toHaveLength(2);
    expect(s.stopped).toEqual(
      expect.arrayContaining([
        { reason: 'unqueued', count: 1, removedBy: 'Maya', removedFrom: 'Maya' },
        { reason: 'unqueued', count: 1, removedBy: 'Ada Admin', removedFrom: 'Ada Admin' },
      ]),
    );
    // The row keeps who took it out, from whose queue, and when.
    const [row] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.itemId, adas.id)));
    expect(row).toMatchObject({
      state: 'stopped',
      reason: 'unqueued',
      waitReason: null,
      removedBy: admin.userId,
      removedFrom: admin.userId,
      nextAt: new Date('2026-01-05T15:05:00Z'),
    });
    // Queued again by hand, outside the campaign, and taken out again: the campaign's row stays as it was.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/calls/enqueue',
      headers: admin.headers,
      payload: { itemIds: [adas.id] },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await unqueue(admin, adas.id)).statusCode).toBe(200);
    expect((await stats()).stopped).toHaveLength(2);
  });
});
