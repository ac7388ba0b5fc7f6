import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db.js';
import { queryRows, type Database, type Db } from './client.js';
import { FOREGROUND_BEFORE_BACKGROUND } from './team-scope.js';

// The background lane (ADR 061): the webhook drain's statements never stand in front of a request's.
// On PGlite (one connection) a background statement waits while a foreground one is queued; on
// PostgreSQL it runs on a small pool of its own. Every check is on the order statements ran in, as the
// database numbered them (a sequence), never on how long they took.
let database: Database;
/** Runs a statement on a lane; answers its place in the order the database ran statements in. */
const place = async (db: Db, sleepMs = 0) => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select nextval('lane_order')::int as n, pg_sleep(${sleepMs / 1000}::float8) as slept`,
  );
  return row!.n;
};
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create sequence lane_order`);
  // Open each lane's connections first (PostgreSQL), so no lane starts behind a connect.
  await Promise.all([
    database.db.execute(sql`select 1`),
    database.background.execute(sql`select 1`),
    database.background.execute(sql`select 1`),
  ]);
});
afterAll(async () => {
  await database?.close();
});

describe('the background lane', () => {
  it('runs a foreground statement queued behind 50 background ones before most of them', async () => {
    const queued = Array.from({ length: 50 }, () => place(database.background, 20));
    const request = place(database.db);
    const [drain, mine] = await Promise.all([Promise.all(queued), request]);
    const before = drain.filter((n) => n < mine).length;

    // PGlite: it waited only for the background statement already running when it came.
    expect(before).toBeLessThanOrEqual(database.driver === 'pglite' ? 1 : 10);
  });

  it("lets a background transaction's own statements run while foreground ones wait for its end", async () => {
    const done: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const transaction = database.background.transaction(async (tx) => {
      await tx.execute(sql`create temporary table lane_probe (n int) on commit drop`);
      done.push('transaction began');
      await gate;
      // Were a turn taken here, behind the foreground statements queued meanwhile, it would never come.
      for (let i = 0; i < 5; i++) await tx.execute(sql`insert into lane_probe values (${i})`);
      const counted = await tx.execute(sql`select count(*)::int as n from lane_probe`);
      done.push(`transaction saw ${(counted as unknown as { rows: { n: number }[] }).rows[0]!.n}`);
    });
    await expect.poll(() => done.includes('transaction began')).toBe(true);
    const requests = Array.from({ length: 5 }, (_, i) =>
      database.db.execute(sql`select ${i}::int as n`).then(() => done.push(`foreground ${i}`)),
    );
    release();
    await Promise.all([transaction, ...requests]);

    expect(done).toContain('transaction saw 5');
    if (database.driver === 'pglite')
      // One connection: nothing runs inside another's transaction; the requests came next.
      expect(done.slice(0, 3)).toEqual(['transaction began', 'transaction saw 5', 'foreground 0']);
  });

  it('still gives background work a turn while foreground work never lets up', async () => {
    const running = place(database.db, 10);
    const drain = place(database.background);
    const flood = Array.from({ length: 40 }, () => place(database.db));
    const [background, foreground] = await Promise.all([drain, Promise.all(flood), running]);
    const passed = foreground.filter((n) => n < background).length;

    // Of the 40 queued after it, at most FOREGROUND_BEFORE_BACKGROUND went first.
    expect(passed).toBeLessThanOrEqual(FOREGROUND_BEFORE_BACKGROUND);
  });

  it('answers a failed background statement with its error and goes on to the next', async () => {
    const failed = await database.background
      .execute(sql`select 1 / 0`)
      .then(() => null)
      .catch((err: unknown) => (err as { cause?: { code?: string } }).cause?.code);
    expect(failed).toBe('22012');
    const [row] = await queryRows<{ n: number }>(database.background, sql`select 7 as n`);
    expect(row!.n).toBe(7);
  });
});
