import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@prospector/core';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';

/**
 * Bulk "Queue for calls" for a chosen caller (issue 32 item 2): an admin fills any caller's queue, a
 * member only their own; the caller must be able to call and see each record; a retried job queues
 * nothing twice.
 */

let t: TestApp;
let admin: TestUser;
let maya: TestUser;
let sam: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'ada@queuefor.test', 'Ada Admin');
  maya = await insertMember(t, admin.teamId, 'maya@queuefor.test', { name: 'Maya', permissions: ['calls'] });
  sam = await insertMember(t, admin.teamId, 'sam@queuefor.test', { name: 'Sam', permissions: ['sms'] });
}, 60_000);
afterAll(() => t.close());

const start = (user: TestUser, ids: string[], action: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bulk/start',
    headers: user.headers,
    payload: { selection: { kind: 'ids', ids }, action },
  });

async function finished(user: TestUser, res: { statusCode: number; body: string; json(): { _id: string } }) {
  expect(res.statusCode, res.body).toBe(200);
  await t.app.services.bulkEngine.idle();
  const job = await t.app.inject({ url: `/api/bulk/job/${res.json()._id}`, headers: user.headers });
  return job.json() as { state: string; result: string | null };
}

const queue = () =>
  queryRows<{ item_id: string; user_id: string }>(
    t.database.db,
    sql`select item_id, user_id from call_queue where team_id = ${admin.teamId} order by item_id`,
  );

describe("bulk Queue for calls into a chosen caller's queue", () => {
  it("fills the chosen member's queue with what they may see and call, once", async () => {
    const db = t.database.db;
    const mine = (phone: string) =>
      insertContact(db, admin.teamId, {
        phones: [phone],
        status: 'Not contacted',
        assignedTo: [maya.userId],
      });
    const a = await mine('+19164567811');
    const b = await mine('+19164567812');
    const notHers = await insertContact(db, admin.teamId, {
      phones: ['+19164567813'],
      status: 'Not contacted',
    });
    const noPhone = await insertContact(db, admin.teamId, {
      emails: ['n@queuefor.test'],
      assignedTo: [maya.userId],
    });
    const ids = [a.id, b.id, notHers.id, noPhone.id];

    const job = await finished(admin, await start(admin, ids, { type: 'queueCalls', memberId: maya.userId }));
    expect(job.result).toBe(
      "2 queued for Maya's calls; 1 skipped: no phone; 1 skipped: the caller may not see it",
    );
    expect(await queue()).toEqual([a.id, b.id].sort().map((item_id) => ({ item_id, user_id: maya.userId })));
    const dialler = await t.app.inject({ url: '/api/calls/queue', headers: maya.headers });
    expect(
      dialler
        .json()
        .queue.map((e: { itemId: string }) => e.itemId)
        .sort(),
    ).toEqual([a.id, b.id].sort());

    // The same selection again: nothing is queued twice.
    const again = await finished(
      admin,
      await start(admin, ids, { type: 'queueCalls', memberId: maya.userId }),
    );
    expect(again.result).toBe(
      "0 queued for Maya's calls; 1 skipped: no phone; 2 skipped: already in a call queue; 1 skipped: the caller may not see it",
    );
    expect(await queue()).toHaveLength(2);

    // With no caller chosen the author's own queue fills, named as theirs.
    const own = await finished(admin, await start(admin, [notHers.id], { type: 'queueCalls' }));
    expect(own.result).toBe("1 queued for Ada Admin's calls");
    expect((await queue()).find((r) => r.item_id === notHers.id)?.user_id).toBe(admin.userId);
  });

  it("refuses a member another's queue, and a caller who may not call", async () => {
    const c = await insertContact(t.database.db, admin.teamId, {
      phones: ['+19164567814'],
      status: 'Not contacted',
      assignedTo: [maya.userId],
    });
    const forAdmin = await start(maya, [c.id], { type: 'queueCalls', memberId: admin.userId });
    expect(forAdmin.statusCode).toBe(403);
    expect(forAdmin.json().message).toBe(serverMessages.bulk.ownQueueOnly);
    const forSam = await start(admin, [c.id], { type: 'queueCalls', memberId: sam.userId });
    expect(forSam.statusCode).toBe(400);
    expect(forSam.json().message).toBe(serverMessages.bulk.notACaller);
    const nobody = await start(admin, [c.id], {
      type: 'queueCalls',
      memberId: '00000000-0000-4000-8000-000000000000',
    });
    expect(nobody.statusCode).toBe(404);
    // Her own queue, named or not, is hers to fill.
    const own = await finished(
      maya,
      await start(maya, [c.id], { type: 'queueCalls', memberId: maya.userId }),
    );
    expect(own.result).toBe("1 queued for Maya's calls");
  });
});
