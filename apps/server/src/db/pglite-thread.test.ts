import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { queryRows, queryRowsPrepared, wrapPglite, type Database } from './client.js';
import { PgliteThread } from './pglite-thread.js';
import { PGLITE_SHARED_BUFFERS } from './pglite.js';
import { statuses, teams } from './schema/index.js';

// The server's embedded database in a worker thread: the same answers, errors, transactions and
// notifications as PGlite in the server's thread, while its work leaves the event loop free.
let database: Database;
let thread: PgliteThread;
beforeAll(async () => {
  const tmpl = inject('dbTemplate');
  thread = await PgliteThread.open(tmpl.driver === 'pglite' ? { dumpFile: tmpl.dumpFile } : {});
  database = wrapPglite(thread);
  if (tmpl.driver !== 'pglite') await database.migrate();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function newTeam(name: string) {
  const [team] = await database.db.insert(teams).values({ name }).returning();
  return team!;
}

describe('the embedded database in a worker thread', () => {
  it('answers drizzle queries with their types: dates, numbers, json, arrays, null', async () => {
    const team = await newTeam('Sierra Realty');
    const [row] = await database.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row!.name).toBe('Sierra Realty');
    expect(row!.createdAt).toBeInstanceOf(Date);
    const [raw] = await queryRows<{ n: number; j: { a: number[] }; t: string[]; z: null }>(
      database.db,
      sql`select 41 + 1 as n, '{"a":[1,2]}'::jsonb as j, array['x','y'] as t, null as z`,
    );
    expect(raw).toEqual({ n: 42, j: { a: [1, 2] }, t: ['x', 'y'], z: null });
  });

  it('keeps the page cache small, so a large import stays under 1 GB (ADR 064)', async () => {
    const [row] = await queryRows<{ size: string }>(
      database.db,
      sql`select current_setting('shared_buffers') as size`,
    );
    expect(row!.size).toBe(PGLITE_SHARED_BUFFERS);
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
  });

  it("keeps a database error's code and constraint, so the server can tell a duplicate", async () => {
    const team = await newTeam('Duplicates');
    await database.db.insert(statuses).values({ teamId: team.id, text: 'Hot', position: 1 });
    const failure = await database.db
      .insert(statuses)
      .values({ teamId: team.id, text: 'Hot', position: 2 })
      .then(() => null)
      .catch((err: unknown) => err as { cause?: { code?: string; constraint?: string } });
    expect(failure?.cause?.code).toBe('23505');
    expect(typeof failure?.cause?.constraint).toBe('string');
  });

  it('commits a transaction that returns and rolls back one that throws, savepoints included', async () => {
    const team = await newTeam('Transactions');
    await database.db.transaction(async (tx) => {
      await tx.insert(statuses).values({ teamId: team.id, text: 'Kept', position: 1 });
      await tx
        .transaction(async (inner) => {
          await inner.insert(statuses).values({ teamId: team.id, text: 'Inner', position: 2 });
          throw new Error('undo the inner one');
        })
        .catch(() => undefined);
    });
    await database.db
      .transaction(async (tx) => {
        await tx.insert(statuses).values({ teamId: team.id, text: 'Dropped', position: 3 });
        throw new Error('undo all');
      })
      .catch(() => undefined);
    const rows = await database.db.select().from(statuses).where(eq(statuses.teamId, team.id));
    expect(rows.map((r) => r.text)).toEqual(['Kept']);
  });

  it('lets a statement wait while a transaction is open, and run after it', async () => {
    const team = await newTeam('Waiting');
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.insert(statuses).values({ teamId: team.id, text: 'First', position: 1 });
      await held;
      order.push('transaction');
    });
    const after = database.db
      .select()
      .from(statuses)
      .where(eq(statuses.teamId, team.id))
      .then((rows) => order.push(`read ${rows.length}`));
    release();
    await Promise.all([tx, after]);
    expect(order).toEqual(['transaction', 'read 1']);
  });

  it('hands a notification to its listener before the statement that raised it returns', async () => {
    const heard: string[] = [];
    const stop = await database.changes.onLocal('thread_test', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('thread_test', 'hello')`);
    expect(heard).toEqual(['hello']);
    stop();
    await database.db.execute(sql`select pg_notify('thread_test', 'again')`);
    expect(heard).toEqual(['hello']);
  });

  it('plans a prepared statement once and answers as the plain query does', async () => {
    const query = sql`select count(*)::int as n from teams where name like ${'%Realty%'}`;
    expect(await queryRowsPrepared(database.db, query)).toEqual(await queryRows(database.db, query));
  });

  it("keeps the server's event loop turning while the database works", async () => {
    // About half a second of the database's CPU in one statement. In the server's thread no timer
    // could fire until it ends (PGlite runs a statement synchronously); here they go on firing.
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    await database.db.execute(
      sql`select count(*) from generate_series(1, 3000000) a, lateral (select md5(a::text)) m`,
    );
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
