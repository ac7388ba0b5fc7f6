/**
 * Child process of bench/run.ts: the real app (fresh database) and a bare Fastify route, each on a
 * loopback port, plus a logged-in user's token. Prints one JSON line, then serves until killed.
 */
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import * as schema from '../apps/server/src/db/schema/index.js';
import { generateTeamData } from '../apps/server/src/scripts/generate.js';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { createPglite, openPostgres, wrapPglite } from '../apps/server/src/db/client.js';
import type { Mail, Mailer } from '../apps/server/src/providers/mail/index.js';

const url = process.env.BENCH_DATABASE_URL;
const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();

// The bench reads the code from this in-process mailbox; the SMTP path is covered by the tests.
const outbox: Mail[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void outbox.push(m), close: async () => {} };
// BENCH_SESSION_CACHE_TTL_MS=0 measures the token read from the database on every request.
const cacheTtl = process.env.BENCH_SESSION_CACHE_TTL_MS;
const app = await buildApp(
  testConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...(cacheTtl ? { SESSION_CACHE_TTL_MS: Number(cacheTtl) } : {}),
    // bench/load-faults.ts: Redis for the sockets, and load shedding at the production defaults.
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
    ...(process.env.BENCH_OVERLOAD_MAX_IN_FLIGHT
      ? {
          OVERLOAD_MAX_IN_FLIGHT: Number(process.env.BENCH_OVERLOAD_MAX_IN_FLIGHT),
          OVERLOAD_MAX_LOOP_DELAY_MS: Number(process.env.BENCH_OVERLOAD_MAX_LOOP_DELAY_MS ?? 1000),
        }
      : {}),
  }),
  {
    database,
    mailer,
  },
);
await app.listen({ host: '127.0.0.1', port: 0 });

const email = `bench-${Date.now()}@example.com`;
await app.inject({ method: 'POST', url: '/api/users/sendCode', payload: { email } });
const code = /login code: (\d{6})/.exec(outbox[0]!.subject)![1];
const { token } = (
  await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, code } })
).json();

// BENCH_RECORDS: fill the team with 100,000 records (50k contacts + 50k properties), 300,000 phones
// and 1,000,000 messages, as issue 3's targets describe.
let generated: unknown = null;
if (process.env.BENCH_RECORDS) {
  const started = performance.now();
  const me = (
    await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })
  ).json();
  const statuses = await database.db
    .select()
    .from(schema.statuses)
    .where(eq(schema.statuses.teamId, me.user.team._id));
  generated = await generateTeamData(database.db, {
    teamId: me.user.team._id,
    contacts: Number(process.env.BENCH_RECORDS) / 2,
    phonesPerContact: 6,
    messagesPerContact: 20,
    statusIds: statuses.map((s) => s.id),
    memberIds: [me.user._id],
    phoneBase: 2_000_000,
    now: new Date(),
  });
  await database.db.execute(sql`vacuum analyze`);
  generated = { ...(generated as object), seconds: Math.round((performance.now() - started) / 100) / 10 };
}

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 'ok' }));
await bare.listen({ host: '127.0.0.1', port: 0 });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as AddressInfo).port;
console.log(
  JSON.stringify({
    driver: database.driver,
    appUrl: `http://127.0.0.1:${port(app)}`,
    bareUrl: `http://127.0.0.1:${port(bare)}`,
    token,
    generated,
  }),
);

const stop = async () => {
  await app.close();
  await bare.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
