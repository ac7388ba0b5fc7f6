import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client.js';
import { sessions, teams, users } from '../../db/schema/index.js';
import { newToken, sha256 } from '../../lib/secrets.js';
import {
  createEmptyPostgres,
  msUntil,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.js';

/**
 * Two real server processes on one fresh PostgreSQL database: a change made through one is refused
 * or seen by the other within a second, through LISTEN/NOTIFY or through Redis pub/sub.
 */
type Fleet = {
  database: Database;
  a: ServerProcess;
  b: ServerProcess;
  admin: string;
  memberIds: { mo: string; mia: string };
  session(userId: string): Promise<string>;
  close(): Promise<void>;
};

async function startFleet(env: Record<string, string>): Promise<Fleet> {
  const pgdb = await createEmptyPostgres('sessions_fleet');
  const database = openPostgres(pgdb.url, 2);
  // Migrated here once, so the two processes do not race to migrate it.
  await database.migrate();
  const [team] = await database.db.insert(teams).values({ name: 'Fleet Inc' }).returning();
  const insertUser = async (email: string, role: 'admin' | 'member', permissions: 'members'[] = []) => {
    const [u] = await database.db
      .insert(users)
      .values({ teamId: team!.id, email, name: email, role, permissions, verifiedAt: new Date() })
      .returning();
    return u!.id;
  };
  const adminId = await insertUser('admin@fleet.test', 'admin');
  const memberIds = {
    mo: await insertUser('mo@fleet.test', 'member', ['members']),
    mia: await insertUser('mia@fleet.test', 'member'),
  };
  const session = async (userId: string) => {
    const token = newToken();
    const now = new Date();
    await database.db.insert(sessions).values({
      userId,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    return token;
  };
  const [a, b] = await Promise.all([
    startServerProcess({ DATABASE_URL: pgdb.url, ...env }),
    startServerProcess({ DATABASE_URL: pgdb.url, ...env }),
  ]);
  return {
    database,
    a: a!,
    b: b!,
    admin: await session(adminId),
    memberIds,
    session,
    async close() {
      await Promise.all([a!.stop(), b!.stop()]);
      await database.close();
      await pgdb.drop();
    },
  };
}

const get = (s: ServerProcess, token: string) =>
  fetch(`${s.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
const permissionsOn = async (s: ServerProcess, token: string) =>
  ((await (await get(s, token)).json()) as { user: { permissions: string[] } }).user.permissions;
const status = async (s: ServerProcess, token: string) => (await get(s, token)).status;
const call = (s: ServerProcess, token: string, method: string, url: string, body?: object) =>
  fetch(`${s.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** Both processes answer the token (and so hold it in their caches). */
async function warm(f: Fleet, token: string) {
  for (let i = 0; i < 3; i++) {
    expect(await status(f.a, token)).toBe(200);
    expect(await status(f.b, token)).toBe(200);
  }
}

function crossProcessCases(fleet: () => Fleet) {
  it('a logout through one process is refused by the other within 1 s', async () => {
    const f = fleet();
    const token = await f.session(f.memberIds.mo);
    await warm(f, token);
    expect((await call(f.a, token, 'POST', '/api/users/logout')).status).toBe(200);
    expect(await status(f.a, token)).toBe(401);
    expect(await msUntil(async () => (await status(f.b, token)) === 401)).toBeLessThan(1000);
  });

  it('a permission change through one process reaches the other within 1 s', async () => {
    const f = fleet();
    const token = await f.session(f.memberIds.mo);
    await warm(f, token);
    expect(await permissionsOn(f.b, token)).toEqual(['members']);
    const edit = (permissions: string[]) =>
      call(f.a, f.admin, 'PATCH', '/api/teams/editMember', {
        _id: f.memberIds.mo,
        name: 'Mo',
        phone: '',
        permissions,
        dataAccess: 'Only assigned',
      });
    expect((await edit([])).status).toBe(200);
    const took = await msUntil(async () => (await permissionsOn(f.b, token)).length === 0);
    expect(took).toBeLessThan(1000);
    expect((await edit(['members'])).status).toBe(200);
  });

  it('a member removed through one process is refused by the other within 1 s', async () => {
    const f = fleet();
    const token = await f.session(f.memberIds.mia);
    await warm(f, token);
    const removed = await call(f.a, f.admin, 'PATCH', '/api/teams/removeMember', { userId: f.memberIds.mia });
    expect(removed.status).toBe(200);
    expect(await status(f.a, token)).toBe(401);
    expect(await msUntil(async () => (await status(f.b, token)) === 401)).toBeLessThan(1000);
  });
}

describe('two server processes on PostgreSQL, through LISTEN/NOTIFY', () => {
  let f: Fleet;
  beforeAll(async () => {
    f = await startFleet({ SESSION_CACHE_TTL_MS: '2000' });
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  crossProcessCases(() => f);

  it('a change that sends no signal is refused once the time to live has passed', async () => {
    const token = await f.session(f.memberIds.mo);
    await warm(f, token);
    await f.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update sessions set revoked_at = now() where token_hash = ${sha256(token)}`);
    });
    // Served from the cache: the row is revoked, but no process heard of it.
    expect(await status(f.b, token)).toBe(200);
    expect(await msUntil(async () => (await status(f.b, token)) === 401, 5000)).toBeLessThan(2500);
  });

  it('listens again after its connection is cut, and serves nothing stale meanwhile', async () => {
    const listeners = async () =>
      (
        (await f.database.db.execute(
          sql`select pid from pg_stat_activity where application_name = 'prospector-listen-session_cache' and datname = current_database()`,
        )) as unknown as { rows: { pid: number }[] }
      ).rows;
    expect(await listeners()).toHaveLength(2);
    const token = await f.session(f.memberIds.mo);
    await warm(f, token);
    await f.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'prospector-listen-session_cache' and datname = current_database()`,
    );
    await msUntil(async () => (await listeners()).length === 2, 10_000);
    await warm(f, token);
    expect((await call(f.a, token, 'POST', '/api/users/logout')).status).toBe(200);
    expect(await msUntil(async () => (await status(f.b, token)) === 401)).toBeLessThan(1000);
  });
});

describe('two server processes on PostgreSQL, through Redis pub/sub', () => {
  let f: Fleet;
  beforeAll(async () => {
    f = await startFleet({ REDIS_URL: 'redis://127.0.0.1:6379', SESSION_CACHE_TTL_MS: '30000' });
  }, 120_000);
  afterAll(async () => {
    await f?.close();
  });

  crossProcessCases(() => f);

  it('does not listen on PostgreSQL', async () => {
    const { rows } = (await f.database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where application_name like 'prospector-listen-%' and datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });
});
