import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db.js';
import { intArray, textArray, uuidArray } from './arrays.js';
import { queryRows, type Database } from './client.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const HOSTILE = [
  "O'Neil",
  'a,b',
  '{x}',
  'say "hi"',
  'back\\slash',
  'NULL',
  '',
  ' spaced ',
  "'); drop table users; --",
  '"}, {"',
];

describe('arrays bound as one parameter', () => {
  it('gives back every text as it was, in order, whatever it holds', async () => {
    const rows = await queryRows<{ v: string; n: number }>(
      database.db,
      sql`select v, n::int from unnest(${textArray(HOSTILE)}) with ordinality as t(v, n) order by n`,
    );
    expect(rows.map((r) => r.v)).toEqual(HOSTILE);
  });

  it('is one bound parameter: the values never enter the statement text', () => {
    const query = new PgDialect().sqlToQuery(sql`select ${textArray(HOSTILE)}`);
    expect(query.params).toHaveLength(1);
    expect(query.sql).not.toContain('drop table');
  });

  it('matches uuids with any() and can be indexed', async () => {
    const ids = ['3f2b1c1e-6f0e-4a8e-9d2c-1b2a3c4d5e6f', '00000000-0000-4000-8000-000000000001'];
    const [row] = await queryRows<{ hit: boolean; second: string; third: number }>(
      database.db,
      sql`select ${ids[1]}::uuid = any(${uuidArray(ids)}) as hit, ${uuidArray(ids)}[2]::text as second,
        ${intArray([4, 5.9, -2])}[2] as third`,
    );
    expect(row).toEqual({ hit: true, second: ids[1], third: 5 });
  });

  it('refuses a value that is not of the type, as PostgreSQL does', async () => {
    await expect(queryRows(database.db, sql`select ${uuidArray(['not-a-uuid'])}`)).rejects.toThrow();
  });

  it('binds an empty list as an empty array', async () => {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select cardinality(${uuidArray([])})::int as n`,
    );
    expect(row!.n).toBe(0);
  });
});
