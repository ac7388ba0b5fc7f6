import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../test/app.js';
import { createTestDatabase } from '../test/db.js';
import { openPostgres, type Database } from './client.js';

/**
 * PostgreSQL going away (a restart, a failover, a killed backend) must not take the process with it:
 * requests meanwhile are answered 503 at once, and the pools reconnect by themselves afterwards.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function closedPort() {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe('database connection loss', () => {
  it('answers 503 with Retry-After, not 500, while PostgreSQL refuses connections', async () => {
    const database: Database = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/none`, 2);
    t = await buildTestApp({}, { database });
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer('some-token') });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('survives its connections being terminated mid-transaction and serves again after', async (ctx) => {
    const database = await createTestDatabase();
    if (database.driver !== 'postgres') {
      await database.close();
      return ctx.skip();
    }
    t = await buildTestApp({ SESSION_CACHE_TTL_MS: 0 }, { database });
    const { token } = await loginAs(t, 'terminated@example.com');
    // A client checked out and idle in a transaction when its backend is killed.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    const tx = database.db
      .transaction(async (q) => {
        await q.execute(sql`select 1`);
        held();
        await gate;
        await q.execute(sql`select 1`);
      })
      .then(
        () => 'committed',
        () => 'failed',
      );
    await holding;

    // From another of the pool's connections: every backend of this database but its own.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
    );
    // Let the terminations arrive, then let the transaction try its next statement.
    await new Promise((r) => setTimeout(r, 200));
    release();
    expect(await tx).toBe('failed');

    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
      status = res.statusCode;
      expect([200, 503]).toContain(status);
    }
    expect(status).toBe(200);
  });
});
