import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, queryRows, queryRowsPrepared, wrapPglite, type Database } from './client.js';

let database: Database;
beforeAll(async () => {
  database = wrapPglite(await createPglite());
  await database.db.execute(sql`create table t (id int primary key, name text, at timestamptz)`);
  await database.db.execute(
    sql`insert into t values (1, 'O''Neil', '2026-01-02T03:04:05Z'), (2, 'Smith', null), (3, null, null)`,
  );
});
afterAll(async () => {
  await database.close();
});

const byName = (name: string | null, from: number) =>
  sql`select id from t where name is not distinct from ${name} and id >= ${from} order by id`;

describe('statements planned once on PGlite', () => {
  it('answers as the plain query does, for every value, and keeps one prepared statement', async () => {
    for (const [name, from] of [
      ["O'Neil", 1],
      ['Smith', 1],
      ['Smith', 3],
      [null, 0],
      ["'); drop table t; --", 0],
    ] as const) {
      const prepared = await queryRowsPrepared<{ id: number }>(database.db, byName(name, from));
      expect(prepared).toEqual(await queryRows<{ id: number }>(database.db, byName(name, from)));
    }
    const at = await queryRowsPrepared<{ id: number }>(
      database.db,
      sql`select id from t where at = ${new Date('2026-01-02T03:04:05Z').toISOString()}::timestamptz`,
    );
    expect(at).toEqual([{ id: 1 }]);
    const statements = await queryRows<{ name: string; generic_plans: number }>(
      database.db,
      sql`select name, generic_plans::int from pg_prepared_statements order by name`,
    );
    expect(statements).toHaveLength(2);
    expect(statements.every((s) => /^p_[0-9a-f]{16}$/.test(s.name))).toBe(true);
    // Every call after the first ran the plan made once.
    expect(statements.map((s) => s.generic_plans).sort()).toEqual([1, 5]);
    expect(await queryRows(database.db, sql`select count(*)::int as n from t`)).toEqual([{ n: 3 }]);
  });
});
