import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, errorCatalogues } from '../app.js';
import { testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { teams } from '../db/schema/index.js';
import { DomainError } from '../lib/errors.js';
import { createTestDatabase } from '../test/db.js';
import { redactSql } from './error-handler.js';

/**
 * A failed query must not put its values in the log: Drizzle's error carries the SQL and every
 * parameter (in its message, its stack and its own fields) and PostgreSQL's quotes the offending value
 * and the row. Real queries fail here on the real database, through the real error handler and logger.
 */

const SECRET = 'sk_live_4f9c2e7a1b8d3f60';

let app: FastifyInstance;
let database: Database;
let logText = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logText += chunk.toString();
      cb();
    },
  });
  app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), { database, logStream });
  const { db } = database;
  // Routes that fail the way a bug in a service would: the error reaches the handler unhandled.
  app.post('/test/cast', async () => db.execute(sql`select ${SECRET}::int`));
  app.post('/test/literal', async () => db.execute(sql.raw(`select '${SECRET}'::int`)));
  app.post('/test/duplicate', async () => {
    await db.insert(teams).values({ apiKey: SECRET });
    await db.insert(teams).values({ apiKey: SECRET });
  });
  app.post('/test/wrapped', async () => {
    try {
      await db.execute(sql`select ${SECRET}::int`);
    } catch (err) {
      throw new Error('the import step failed', { cause: err });
    }
  });
  app.post('/test/domain', async () => {
    throw new DomainError('LIST_IMPORTING');
  });
  app.post('/test/domain-detail', async () => {
    throw new DomainError('ROW_LIMIT', { 'retry-after': '5' }, 'The file has 12 rows over the limit.');
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Calls a failing route and returns what it logged. */
async function failAndLog(url: string) {
  const from = logText.length;
  const res = await app.inject({ method: 'POST', url });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong!' });
  const lines = logText
    .slice(from)
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> });
  const failed = lines.find((l) => l.msg === 'request failed');
  expect(failed, 'the failure is logged').toBeDefined();
  return { text: logText.slice(from), err: failed!.err! };
}

describe('a failed query in the log', () => {
  it('shows the SQLSTATE and the statement, but not the parameter a failed query was given', async () => {
    const { text, err } = await failAndLog('/test/cast');
    expect(text).not.toContain(SECRET);
    expect(err).toMatchObject({ code: '22P02', statement: 'select $1::int', params: 1 });
    expect(err['message']).toBe('invalid input syntax for type integer: "?"');
  });

  it('shows neither a value written into the SQL text itself', async () => {
    const { text, err } = await failAndLog('/test/literal');
    expect(text).not.toContain(SECRET);
    expect(err).toMatchObject({ code: '22P02', statement: 'select ?::int', params: 0 });
  });

  it('names the broken constraint but not the duplicate API key PostgreSQL quotes in its detail', async () => {
    const { text, err } = await failAndLog('/test/duplicate');
    expect(text).not.toContain(SECRET);
    expect(err).toMatchObject({ code: '23505', constraint: 'teams_api_key_unique', table: 'teams' });
    expect(err['statement']).toMatch(/^insert into "teams" .*values/);
  });

  it('redacts a failed query wrapped as the cause of another error', async () => {
    const { text, err } = await failAndLog('/test/wrapped');
    expect(text).not.toContain(SECRET);
    expect(err).toMatchObject({ type: 'Error', code: '22P02', statement: 'select $1::int' });
    expect(err['message']).toBe('the import step failed: invalid input syntax for type integer: "?"');
    expect(err['stack']).toContain('error-handler.test.ts');
  });

  it('keeps the values out of any log line of the app, however the error is handed to the logger', async () => {
    const from = logText.length;
    const failure = await database.db.execute(sql`select ${SECRET}::int`).catch((e: unknown) => e);
    app.log.error({ err: failure }, 'an engine failed');
    app.log.error(failure as Error, 'an engine failed');
    app.log.warn({ err: (failure as Error).message }, 'an engine failed');
    const text = logText.slice(from);
    expect(text.match(/an engine failed/g)).toHaveLength(3);
    expect(text).not.toContain(SECRET);
    expect(text).toContain('22P02');
  });

  it('logs any other error in full, as before', async () => {
    const from = logText.length;
    app.log.error({ err: new TypeError('a plain bug') }, 'oops');
    const line = JSON.parse(logText.slice(from)) as { err: { type: string; message: string; stack: string } };
    expect(line.err).toMatchObject({ type: 'TypeError', message: 'a plain bug' });
    expect(line.err.stack).toContain('error-handler.test.ts');
  });
});

describe('the error catalogue', () => {
  it("gives each code one owner, so no module can change the answer of another module's code", () => {
    const owners = new Map<string, string[]>();
    for (const [owner, catalogue] of Object.entries(errorCatalogues))
      for (const code of Object.keys(catalogue)) owners.set(code, [...(owners.get(code) ?? []), owner]);
    expect([...owners].filter(([, of]) => of.length > 1)).toEqual([]);
  });

  it("answers a module's code with the status and message of that module's catalogue", async () => {
    const res = await app.inject({ method: 'POST', url: '/test/domain' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'LIST_IMPORTING',
      message: errorCatalogues.lists.LIST_IMPORTING.message,
    });
  });

  it('answers a more precise message and the headers a domain error carries', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/domain-detail' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ code: 'ROW_LIMIT', message: 'The file has 12 rows over the limit.' });
  });
});

describe('redacting a statement', () => {
  it('replaces every literal and number and keeps identifiers, keywords and placeholders', () => {
    expect(
      redactSql(
        `select "t1"."col 2", x1 from "items" where a = 'it''s secret' and b = E'esc\\'aped' ` +
          `and c = $$dollar secret$$ and d = $fn$body$fn$ and e = 42 and f = 3.5e2 and g = $1 limit 25`,
      ),
    ).toBe(
      `select "t1"."col 2", x1 from "items" where a = ? and b = ? and c = ? and d = ? and e = ? and f = ? and g = $1 limit ?`,
    );
  });
});
