import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db.js';
import { queryRows, type Database } from './client.js';
import { jsonRows, jsonRowsText } from './json-rows.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const ID = '7d0c2f7e-5b7a-4f6e-9a38-0f4b9f1d2c11';
const rows = [
  {
    id: ID,
    itemName: 'O\'Neil "}, {"',
    at: '2026-11-29T08:00:00.000Z',
    n: 3,
    tags: ['a', 'b'],
    on: true,
    extra: { k: 1 },
  },
  { id: ID, itemName: "'); drop table users; --", at: null, n: -1, tags: [], on: false, extra: null },
];
const columns = {
  id: 'uuid',
  itemName: 'text',
  at: 'timestamptz',
  n: 'int',
  tags: 'text[]',
  on: 'boolean',
  extra: 'jsonb',
} as const;

describe('rows bound as one JSON parameter', () => {
  it('reads every row back typed, under its camelCase key, whatever its texts hold', async () => {
    const back = await queryRows<{
      id: string;
      itemName: string;
      at: Date | null;
      n: number;
      on: boolean;
      extra: unknown;
    }>(
      database.db,
      sql`select x.id, x."itemName", x.at, x.n, x.on, x.extra from ${jsonRows('x', rows, columns)}`,
    );
    expect(back.map((r) => r.itemName)).toEqual(rows.map((r) => r.itemName));
    expect(back.map((r) => r.n)).toEqual([3, -1]);
    expect(back.map((r) => r.on)).toEqual([true, false]);
    expect(new Date(back[0]!.at!).toISOString()).toBe('2026-11-29T08:00:00.000Z');
    expect(back[1]!.at).toBeNull();
    expect(back.map((r) => r.extra)).toEqual([{ k: 1 }, null]);
  });

  it('is one bound parameter: the values never enter the statement text', () => {
    const query = new PgDialect().sqlToQuery(sql`select * from ${jsonRows('x', rows, columns)}`);
    expect(query.params).toHaveLength(1);
    expect(query.sql).not.toContain('drop table');
    expect(query.sql).toContain('"itemName" text');
  });

  it('reads rows given as JSON text the same way', async () => {
    const back = await queryRows<{ id: string; n: number }>(
      database.db,
      sql`select x.id, x.n from ${jsonRowsText('x', JSON.stringify(rows), { id: 'uuid', n: 'int' })}`,
    );
    expect(back).toEqual([
      { id: ID, n: 3 },
      { id: ID, n: -1 },
    ]);
  });

  it('refuses a column or alias that is not a plain SQL name', () => {
    expect(() => jsonRowsText('x', '[]', { 'a" text, b': 'text' } as never)).toThrow(/not a plain SQL name/);
    expect(() => jsonRowsText('x(y)', '[]', { id: 'uuid' })).toThrow(/not a plain SQL name/);
  });
});
