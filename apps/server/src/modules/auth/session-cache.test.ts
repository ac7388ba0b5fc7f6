import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sessions, teams } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { createSessionCache } from './session-cache.js';

let t: TestApp;

const me = (u: TestUser) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: u.headers });
const send = (u: TestUser, method: 'PATCH' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: u.headers, payload });
const editMember = (admin: TestUser, member: TestUser, patch: object) =>
  send(admin, 'PATCH', '/api/teams/editMember', {
    _id: member.userId,
    name: 'Mo',
    phone: '',
    permissions: [],
    dataAccess: 'Only assigned',
    ...patch,
  });

/** Revokes a session the way nothing in the app does: with the triggers silenced, so no signal goes out. */
async function revokeSilently(userId: string) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, userId));
  });
}

async function team() {
  const admin = await insertTeamAdmin(t, 'admin@cache.test');
  const mo = await insertMember(t, admin.teamId, 'mo@cache.test', { name: 'Mo', permissions: ['members'] });
  const mia = await insertMember(t, admin.teamId, 'mia@cache.test', { name: 'Mia' });
  return { admin, mo, mia };
}

describe('the session cache in one process', () => {
  afterEach(async () => {
    await t.close();
  });

  it('answers a known token without reading its session again, for at most its time to live', async () => {
    t = await buildTestApp({ SESSION_CACHE_TTL_MS: 3000 });
    const { mo } = await team();
    // On PostgreSQL the setup's own changes also come back through LISTEN, a little later; one that
    // arrived after the token was cached would rightly drop it. Let them arrive first.
    await new Promise((r) => setTimeout(r, 500));
    expect((await me(mo)).statusCode).toBe(200);
    await revokeSilently(mo.userId);
    // The row says revoked, but no signal came: the cached context answers until its TTL ends.
    expect((await me(mo)).statusCode).toBe(200);
    t.clock.advance(3000);
    expect((await me(mo)).statusCode).toBe(401);
  });

  it('reads every request from the database when the cache is off', async () => {
    t = await buildTestApp({ SESSION_CACHE_TTL_MS: 0 });
    const { mo } = await team();
    expect((await me(mo)).statusCode).toBe(200);
    await revokeSilently(mo.userId);
    expect((await me(mo)).statusCode).toBe(401);
  });

  it('never serves a cached context after a permission or data access change', async () => {
    t = await buildTestApp();
    const { admin, mo, mia } = await team();
    expect((await me(mo)).json().user.permissions).toEqual(['members']);
    expect((await editMember(mo, mia, { name: 'Mia' })).statusCode).toBe(200);
    expect((await editMember(admin, mo, { permissions: [], dataAccess: 'All data' })).statusCode).toBe(200);
    expect((await me(mo)).json().user).toMatchObject({ permissions: [], dataAccess: 'All data' });
    expect((await editMember(mo, mia, { name: 'Mia' })).statusCode).toBe(403);
  });

  it('refuses a token at once after its logout, and a removed member at once', async () => {
    t = await buildTestApp();
    const { admin, mo, mia } = await team();
    expect((await me(mo)).statusCode).toBe(200);
    expect((await me(mia)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: mo.headers });
    expect(out.statusCode).toBe(200);
    expect((await me(mo)).statusCode).toBe(401);
    const removed = await send(admin, 'PATCH', '/api/teams/removeMember', { userId: mia.userId });
    expect(removed.statusCode).toBe(200);
    expect((await me(mia)).statusCode).toBe(401);
    expect((await me(admin)).statusCode).toBe(200);
  });

  it("shows a change to the team's row at once, wherever it was made", async () => {
    t = await buildTestApp();
    const { admin, mo } = await team();
    expect((await me(mo)).json().user.team.ppgl).toBe(100);
    expect((await send(admin, 'PATCH', '/api/users/changePpgl', { ppgl: 150 })).statusCode).toBe(200);
    expect((await me(mo)).json().user.team.ppgl).toBe(150);
    await t.database.db.update(teams).set({ name: 'Renamed Inc' }).where(eq(teams.id, admin.teamId));
    expect((await me(mo)).json().user.team.name).toBe('Renamed Inc');
  });

  it('never outlives the session it was read from', async () => {
    t = await buildTestApp({ SESSION_CACHE_TTL_MS: 60_000 });
    const { mo } = await team();
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, mo.userId));
    t.clock.set(new Date(row!.expiresAt.getTime() - 1000));
    expect((await me(mo)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await me(mo)).statusCode).toBe(401);
  });
});

describe('a session cache entry', () => {
  const ctx = (sessionId: string, userId: string, teamId: string) =>
    ({ sessionId, userId, teamId, user: {} }) as never;
  const row = { impersonatorId: 'staff', expiresAt: new Date(10_000_000) };

  it('is dropped by a change to its session, user, impersonator or team, and only by those', () => {
    const cache = createSessionCache({ ttlMs: 5000 });
    cache.setLive(true);
    const fill = () => {
      for (const [k, s, u, tm] of [
        ['a', 's1', 'u1', 't1'],
        ['b', 's2', 'u2', 't1'],
        ['c', 's3', 'u3', 't2'],
      ] as const)
        cache.put(k, ctx(s, u, tm), k === 'c' ? row : { ...row, impersonatorId: null }, cache.mark(), 0);
    };
    const held = () => ['a', 'b', 'c'].filter((k) => cache.get(k, 1) !== null);
    fill();
    cache.invalidate('sessions:s2');
    expect(held()).toEqual(['a', 'c']);
    fill();
    cache.invalidate('users:u1');
    expect(held()).toEqual(['b', 'c']);
    fill();
    cache.invalidate('users:staff');
    expect(held()).toEqual(['a', 'b']);
    fill();
    cache.invalidate('teams:t1');
    expect(held()).toEqual(['c']);
  });

  it('is not kept when a change came while its row was being read', () => {
    const cache = createSessionCache({ ttlMs: 5000 });
    cache.setLive(true);
    const mark = cache.mark();
    cache.invalidate('users:someone-else');
    cache.put('a', ctx('s1', 'u1', 't1'), row, mark, 0);
    expect(cache.get('a', 1)).toBeNull();
  });

  it('is neither kept nor served while the change channel is down, and gone when it comes back', () => {
    const cache = createSessionCache({ ttlMs: 5000 });
    cache.put('a', ctx('s1', 'u1', 't1'), row, cache.mark(), 0);
    expect(cache.size).toBe(0);
    cache.setLive(true);
    cache.put('a', ctx('s1', 'u1', 't1'), row, cache.mark(), 0);
    cache.setLive(false);
    expect(cache.get('a', 1)).toBeNull();
    cache.setLive(true);
    expect(cache.get('a', 1)).toBeNull();
  });

  it('lives no longer than its TTL and holds at most the set number of entries', () => {
    const cache = createSessionCache({ ttlMs: 5000, maxEntries: 2 });
    cache.setLive(true);
    for (const k of ['a', 'b', 'c']) cache.put(k, ctx(k, k, k), row, cache.mark(), 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('c', 4999)).not.toBeNull();
    expect(cache.get('c', 5000)).toBeNull();
  });
});
