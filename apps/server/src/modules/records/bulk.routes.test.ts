import { emptyImportResult } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  insertContact,
  insertMember,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from '../../test/factories.js';
import { createBulkEngine } from './bulk.engine.js';
import { bulkPortsOf } from './records.plugin.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const start = (user: TestUser, selection: object, action: object) =>
  post(user, '/api/bulk/start', { selection, action });

/** Waits for this process's jobs, then reads the job as its author sees it. */
async function finished(user: TestUser, jobId: string) {
  await t.app.services.bulkEngine.idle();
  const res = await t.app.inject({ method: 'GET', url: `/api/bulk/job/${jobId}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** `n` records with a text sent, as a campaign leaves them: they are in the Messenger's Sent tab. */
async function insertTexted(teamId: string, n: number, opts: { assignedTo?: string[]; name?: string } = {}) {
  await queryRows(
    t.database.db,
    sql`insert into items (team_id, type, data, search_text, assigned_to, last_message, last_activity_at, created_at, updated_at)
      select ${teamId}::uuid, 'contact', jsonb_build_object('First name', ${opts.name ?? 'Lead'}::text, 'Last name', 'N' || g),
        lower(${opts.name ?? 'Lead'}::text || ' n' || g), ${`{${(opts.assignedTo ?? []).join(',')}}`}::uuid[],
        jsonb_build_object('body', 'Hi', 'createdAt', '2026-01-01T00:00:00Z', 'leadIdt', null, 'direction', 'out'),
        now(), now(), now()
      from generate_series(1, ${n}::int) g`,
  );
}

const assignedCount = async (teamId: string, memberId: string) => {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from items where team_id = ${teamId} and ${memberId}::uuid = any(assigned_to)`,
  );
  return Number(row!.n);
};

describe('bulk actions', () => {
  it('assigns every record matching the Messenger filter across pages to a member and says how many', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const maya = await insertMember(t, admin.teamId, 'maya@acme.test', { name: 'Maya' });
    await insertTexted(admin.teamId, 75);
    await insertContact(t.database.db, admin.teamId, { first: 'Never', last: 'Texted' });
    const filter = { inboxType: 'sent', selectedStatuses: [], onlyMine: false };

    const count = await post(admin, '/api/bulk/count', { selection: { kind: 'messenger', filter } });
    expect(count.json()).toEqual({ count: 75 });
    const res = await start(admin, { kind: 'messenger', filter }, { type: 'assign', memberId: maya.userId });
    expect(res.statusCode, res.body + t.logs().slice(-3000)).toBe(200);
    expect(res.json()).toMatchObject({ state: 'running', total: 75, action: 'assign' });

    const job = await finished(admin, res.json()._id);
    expect(job).toMatchObject({ state: 'done', done: 75, changed: 75, result: '75 assigned to Maya' });
    expect(await assignedCount(admin.teamId, maya.userId)).toBe(75);
  });

  it("skips the records an 'Only assigned' member may not touch and names the reason", async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const sam = await insertMember(t, admin.teamId, 'sam@acme.test', { name: 'Sam' });
    const own = [];
    for (let i = 0; i < 3; i++)
      own.push(
        await insertContact(t.database.db, admin.teamId, {
          phones: [`+1916456780${i}`],
          assignedTo: [sam.userId],
        }),
      );
    const others = [];
    for (let i = 0; i < 2; i++)
      others.push(await insertContact(t.database.db, admin.teamId, { phones: [`+1916456781${i}`] }));
    const hot = (
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings/addStatus',
        headers: admin.headers,
        payload: { text: 'Hot' },
      })
    ).json()._id;

    // Ticked rows of which Sam may touch none: refused, and no job is made.
    const theirs = await start(
      sam,
      { kind: 'ids', ids: others.map((r) => r.id) },
      { type: 'setStatus', statusId: hot },
    );
    expect(theirs.statusCode).toBe(403);
    const ids = [...own, ...others].map((r) => r.id);
    const res = await start(sam, { kind: 'ids', ids }, { type: 'setStatus', statusId: hot });
    expect(res.statusCode, res.body).toBe(200);
    const job = await finished(sam, res.json()._id);
    expect(job.result).toBe('3 moved to Hot; 2 skipped: no permission');
    const [row] = await queryRows<{ hot: number; others: number }>(
      t.database.db,
      sql`select count(*) filter (where status_id = ${hot})::int as hot,
        count(*) filter (where status_id = ${hot} and not (${sam.userId}::uuid = any(assigned_to)))::int as others
        from items where team_id = ${admin.teamId}`,
    );
    expect(row).toEqual({ hot: 3, others: 0 });
  });

  it("an 'Only assigned' member's filter selection takes only their own records", async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const sam = await insertMember(t, admin.teamId, 'sam@acme.test', {
      name: 'Sam',
      permissions: ['messenger'],
    });
    await insertTexted(admin.teamId, 4, { assignedTo: [sam.userId] });
    await insertTexted(admin.teamId, 6);
    const selection = { kind: 'messenger', filter: { inboxType: 'all' } };
    expect((await post(sam, '/api/bulk/count', { selection })).json()).toEqual({ count: 4 });
    const res = await start(sam, selection, { type: 'unassign', memberId: sam.userId });
    const job = await finished(sam, res.json()._id);
    expect(job.result).toBe('4 unassigned from Sam');
    expect(await assignedCount(admin.teamId, sam.userId)).toBe(0);
  });

  it('adds a board column to a list, and marks a list detail selection DNC, each record once', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const a = await insertContact(t.database.db, admin.teamId, {
      phones: ['+19164567801'],
      status: 'Not contacted',
    });
    const b = await insertContact(t.database.db, admin.teamId, {
      phones: ['+19164567802'],
      status: 'Not contacted',
    });
    await insertContact(t.database.db, admin.teamId, { phones: ['+19164567803'] });
    const [list] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into lists (team_id, name, position, state, result, created_at) values (${admin.teamId}, 'Probate May', 1, 'imported', ${JSON.stringify(emptyImportResult())}::jsonb, now()) returning id`,
    );
    const column = await statusId(t.database.db, admin.teamId, 'Not contacted');
    const added = await start(
      admin,
      { kind: 'board', filter: { status: column } },
      { type: 'addToList', listId: list!.id },
    );
    expect((await finished(admin, added.json()._id)).result).toBe('2 added to Probate May');
    const again = await start(
      admin,
      { kind: 'board', filter: { status: column } },
      { type: 'addToList', listId: list!.id },
    );
    expect((await finished(admin, again.json()._id)).result).toBe(
      '0 added to Probate May; 2 skipped: already done',
    );

    const dnc = await start(
      admin,
      { kind: 'list', filter: { listId: list!.id, type: 'contact' } },
      { type: 'dnc' },
    );
    expect((await finished(admin, dnc.json()._id)).result).toBe('2 marked DNC');
    const phones = await queryRows<{ item_id: string; status: string }>(
      t.database.db,
      sql`select item_id, status from identifiers where team_id = ${admin.teamId} and status = 'DNC' order by value`,
    );
    expect(phones.map((p) => p.item_id)).toEqual([a.id, b.id]);
  });

  it('deletes after which the records are gone everywhere, and Undo within 10 minutes brings them back', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    await insertTexted(admin.teamId, 5);
    const selection = { kind: 'messenger', filter: { inboxType: 'all' } };
    const res = await start(admin, selection, { type: 'delete' });
    const job = await finished(admin, res.json()._id);
    expect(job).toMatchObject({ result: '5 deleted', state: 'done' });
    expect(job.undoUntil).toBe(new Date(t.clock.now().getTime() + 10 * 60_000).toISOString());
    expect((await post(admin, '/api/items/get', { inboxType: 'all' })).json().items).toEqual([]);

    t.clock.advance(9 * 60_000);
    const undone = await post(admin, '/api/bulk/undo', { jobId: job._id });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().state).toBe('undone');
    expect((await post(admin, '/api/items/get', { inboxType: 'all' })).json().items).toHaveLength(5);
    const twice = await post(admin, '/api/bulk/undo', { jobId: job._id });
    expect(twice.json()).toMatchObject({ code: 'BULK_UNDO_EXPIRED' });
  });

  it('refuses Undo once ten minutes have passed: the records stay deleted', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const rec = await insertContact(t.database.db, admin.teamId, { phones: ['+19164567801'] });
    const res = await start(admin, { kind: 'ids', ids: [rec.id] }, { type: 'delete' });
    const job = await finished(admin, res.json()._id);
    t.clock.advance(10 * 60_000 + 1);
    const late = await post(admin, '/api/bulk/undo', { jobId: job._id });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This deletion can no longer be undone.');
    const open = await t.app.inject({ method: 'GET', url: `/api/items/${rec.id}`, headers: admin.headers });
    expect(open.statusCode).toBe(404);
  });

  it('refuses actions a member may not take, before creating any job', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const sam = await insertMember(t, admin.teamId, 'sam@acme.test', { dataAccess: 'All data' });
    const rec = await insertContact(t.database.db, admin.teamId, { phones: ['+19164567801'] });
    const ids = { kind: 'ids', ids: [rec.id] };
    expect((await start(sam, ids, { type: 'delete' })).statusCode).toBe(403);
    expect((await start(sam, ids, { type: 'dnc' })).statusCode).toBe(403);
    const list = '00000000-0000-4000-8000-000000000000';
    expect((await start(sam, ids, { type: 'addToList', listId: list })).statusCode).toBe(403);
    expect(
      (await start(sam, { kind: 'messenger', filter: {} }, { type: 'assign', memberId: sam.userId }))
        .statusCode,
    ).toBe(403);
    const unknown = await start(admin, ids, { type: 'assign', memberId: list });
    expect(unknown.statusCode).toBe(404);
    const empty = await start(
      admin,
      { kind: 'messenger', filter: { inboxType: 'unread' } },
      { type: 'assign', memberId: sam.userId },
    );
    expect(empty.json()).toMatchObject({ code: 'BULK_NOTHING_SELECTED' });
    const [jobs] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bulk_jobs`,
    );
    expect(jobs!.n).toBe(0);
  });

  it("another member cannot read someone else's job, and another team cannot see it at all", async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const sam = await insertMember(t, admin.teamId, 'sam@acme.test', { dataAccess: 'All data' });
    const other = await insertTeamAdmin(t, 'admin@other.test');
    const rec = await insertContact(t.database.db, admin.teamId, { phones: ['+19164567801'] });
    const res = await start(admin, { kind: 'ids', ids: [rec.id] }, { type: 'assign', memberId: sam.userId });
    await t.app.services.bulkEngine.idle();
    for (const who of [sam, other]) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/bulk/job/${res.json()._id}`,
        headers: who.headers,
      });
      expect(r.statusCode).toBe(404);
    }
    // Another team's ids select nothing of this team.
    const theirs = await start(other, { kind: 'ids', ids: [rec.id] }, { type: 'delete' });
    expect(theirs.json()).toMatchObject({ code: 'BULK_NOTHING_SELECTED' });
  });
});

describe('a bulk job that is retried or interrupted', () => {
  /** Another process's worker on the same database (its own id and lease). */
  const otherProcess = () =>
    createBulkEngine({
      db: t.database.db,
      clock: t.clock,
      realtime: () => t.app.realtime,
      log: t.app.log,
      leaseMs: t.app.config.BULK_LEASE_MS,
      chunkSize: t.app.config.BULK_CHUNK,
      pollMs: 60_000,
      enabled: false,
      ports: () => bulkPortsOf(t.app),
    });

  it('changes each record once when a chunk is run twice', async () => {
    t = await buildTestApp({ BULK_ENGINE: false, BULK_CHUNK: 10 });
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const maya = await insertMember(t, admin.teamId, 'maya@acme.test', { name: 'Maya' });
    await insertTexted(admin.teamId, 25);
    const res = await start(
      admin,
      { kind: 'messenger', filter: {} },
      { type: 'assign', memberId: maya.userId },
    );
    const jobId = res.json()._id as string;
    await otherProcess().runClaimed(1);
    // The chunk's work is done again from the start, as if its commit had been lost.
    await queryRows(
      t.database.db,
      sql`update bulk_jobs set cursor = null, done = 0, changed = 0, skipped = '{}', claimed_at = null where id = ${jobId}`,
    );
    await otherProcess().runClaimed(Infinity);
    const [row] = await queryRows<{ twice: number; once: number }>(
      t.database.db,
      sql`select count(*) filter (where array_length(array_positions(assigned_to, ${maya.userId}::uuid), 1) > 1)::int as twice,
        count(*) filter (where ${maya.userId}::uuid = any(assigned_to))::int as once
        from items where team_id = ${admin.teamId}`,
    );
    expect(row).toEqual({ twice: 0, once: 25 });
    const job = (
      await t.app.inject({ method: 'GET', url: `/api/bulk/job/${jobId}`, headers: admin.headers })
    ).json();
    // The redone chunk found its records already assigned: it counts them, and changes nothing.
    expect(job.result).toBe('15 assigned to Maya; 10 skipped: already done');
  });

  it('is resumed after its process was killed mid-way and changes each of 50,000 records exactly once', async () => {
    t = await buildTestApp({ BULK_ENGINE: false, BULK_CHUNK: 2_000 });
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const maya = await insertMember(t, admin.teamId, 'maya@acme.test', { name: 'Maya' });
    await insertTexted(admin.teamId, 50_000);
    const res = await start(
      admin,
      { kind: 'messenger', filter: {} },
      { type: 'assign', memberId: maya.userId },
    );
    expect(res.json().total).toBe(50_000);
    const jobId = res.json()._id as string;

    // The first process commits 7 chunks and dies holding the lease.
    await otherProcess().runClaimed(7);
    const midway = (
      await t.app.inject({ method: 'GET', url: `/api/bulk/job/${jobId}`, headers: admin.headers })
    ).json();
    expect(midway).toMatchObject({ state: 'running', done: 14_000, changed: 14_000 });
    expect(await assignedCount(admin.teamId, maya.userId)).toBe(14_000);

    // While the lease holds, no one else takes it; once it has run out, another process finishes it.
    const next = otherProcess();
    expect(await next.runClaimed(Infinity)).toBeNull();
    t.clock.advance(t.app.config.BULK_LEASE_MS + 1);
    expect(await next.runClaimed(Infinity)).toBe(jobId);

    const job = (
      await t.app.inject({ method: 'GET', url: `/api/bulk/job/${jobId}`, headers: admin.headers })
    ).json();
    expect(job).toMatchObject({
      state: 'done',
      done: 50_000,
      changed: 50_000,
      result: '50,000 assigned to Maya',
    });
    const [row] = await queryRows<{ twice: number; once: number }>(
      t.database.db,
      sql`select count(*) filter (where array_length(array_positions(assigned_to, ${maya.userId}::uuid), 1) > 1)::int as twice,
        count(*) filter (where ${maya.userId}::uuid = any(assigned_to))::int as once
        from items where team_id = ${admin.teamId}`,
    );
    expect(row).toEqual({ twice: 0, once: 50_000 });
  }, 240_000);
});
