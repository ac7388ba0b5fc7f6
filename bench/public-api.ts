/**
 * Child process of bench/run.ts: POST /api/v1/contacts (issue 33: ≥ 500 creates/s on PostgreSQL with
 * stacking). A team already holding BENCH_V1_RECORDS contacts (100,000, with phones) and one API key;
 * then BENCH_V1_CONNECTIONS clients (50) send creates for BENCH_V1_SECONDS (10) over real HTTP, each
 * a one-row import into a list through the import's stacker, a fifth of them with a phone the team
 * already has (they stack onto that contact). Every call goes the whole v1 way: key, scope, limit
 * per key, audit. PostgreSQL only: BENCH_DATABASE_URL, else a database of its own on 127.0.0.1:5432
 * (bench_v1). Prints one JSON line: creates/s, latencies, errors, how many stacked, and the load.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openPostgres, queryRows } from '../apps/server/src/db/client.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { sha256 } from '../apps/server/src/lib/secrets.js';
import type { Mailer } from '../apps/server/src/providers/mail/index.js';
import {
  countPostgresStatements,
  resetStatementKinds,
  statementKinds,
  statementsSent,
} from './count-statements.js';

const RECORDS = Number(process.env.BENCH_V1_RECORDS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_V1_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_V1_SECONDS ?? 10);
const POOL = Number(process.env.BENCH_V1_POOL ?? 20);
const progress = (text: string) => process.stderr.write(`public api: ${text}\n`);
const OWN = 'postgres://postgres@127.0.0.1:5432/bench_v1';

async function ownDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('drop database if exists bench_v1 with (force)');
  await admin.query('create database bench_v1');
  await admin.end();
  return OWN;
}

countPostgresStatements();
const url = process.env.BENCH_DATABASE_URL || (await ownDatabase());
const database = openPostgres(url, POOL);
await database.migrate();
const { db } = database;

const mailer: Mailer = { kind: 'smtp', send: async () => {}, close: async () => {} };
const app = await buildApp(
  testConfig({
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'prospector-bench-v1-')),
    PUBLIC_API_PER_MINUTE: 1_000_000,
    IMPORT_WORKER: false,
  }),
  { database, mailer, clock: systemClock },
);

// The team, its statuses and sections, a list, RECORDS contacts with a phone each, and a key.
let started = performance.now();
const [team] = await queryRows<{ id: string }>(
  db,
  sql`insert into teams (name, plan, created_at) values ('Bench API Realty', 'PRO', now()) returning id`,
);
const teamId = team!.id;
await db.transaction((tx) => app.services.records.seedTeam(tx, teamId));
const [list] = await queryRows<{ id: string }>(
  db,
  sql`insert into lists (team_id, name, position, state, result, created_at, imported_at)
      values (${teamId}, 'Seeded', 0, 'imported', '{"rowsRead":0,"contactsNew":0,"contactsMerged":0,"propertiesNew":0,"propertiesMerged":0,"companiesNew":0,"companiesMerged":0,"invalidPhones":0,"invalidEmails":0,"dncPhones":0,"dropped":{}}'::jsonb, now(), now())
      returning id`,
);
const phoneOf = (n: number) => `+1916${String(2000000 + n).padStart(7, '0')}`;
await db.execute(sql`insert into items (id, team_id, type, data, search_text, last_activity_at, created_at, updated_at)
  select gen_random_uuid(), ${teamId}, 'contact', jsonb_build_object('First name', 'Seed', 'Last name', 'Person ' || n),
    'seed person ' || n, now(), now(), now()
  from generate_series(1, ${RECORDS}::int) n`);
// Contact n has the phone +1 916 2nn nnnn (phoneOf below).
await db.execute(sql`insert into identifiers (team_id, item_id, value, is_email, "primary", position, created_at)
  select ${teamId}, id, '+1916' || lpad((2000000 + split_part(data->>'Last name', ' ', 2)::int)::text, 7, '0'),
    false, true, 0, now()
  from items where team_id = ${teamId}`);
await db.execute(sql`insert into list_items (list_id, type, item_id)
  select ${list!.id}, 'contact', id from items where team_id = ${teamId}`);
await db.execute(sql`analyze`);
const key = `pk_${'b'.repeat(43)}`;
await db.execute(sql`insert into api_keys (team_id, name, hint, key_hash, scopes, created_at)
  values (${teamId}, 'Bench', 'pk_bbbbbb…', ${sha256(key)}, '{records:write}', now())`);
const seedMs = performance.now() - started;
progress(`${RECORDS} contacts seeded in ${Math.round(seedMs)} ms`);

await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

let sent = 0;
const load = os.loadavg()[0]!;
started = performance.now();
const statementsBefore = statementsSent();
const cpuBefore = process.cpuUsage();
if (process.env.BENCH_V1_PROFILE) resetStatementKinds();
const result = await autocannon({
  url: `${base}/api/v1/contacts`,
  connections: CONNECTIONS,
  duration: SECONDS,
  requests: [
    {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      setupRequest: (req) => {
        sent += 1;
        // One in five a phone the team has: it stacks onto that contact, filling its empty fields.
        const phone = sent % 5 === 0 ? phoneOf(1 + ((sent * 7919) % RECORDS)) : phoneOf(RECORDS + sent);
        return {
          ...req,
          body: JSON.stringify({
            listId: list!.id,
            firstName: 'Api',
            lastName: `Lead ${sent}`,
            phones: [phone],
          }),
        };
      },
    },
  ],
});
const statements = statementsSent() - statementsBefore;
const cpu = process.cpuUsage(cpuBefore);
if (process.env.BENCH_V1_PROFILE)
  for (const [kind, n] of statementKinds().slice(0, 25))
    progress(`${(n / Math.max(1, result['2xx'])).toFixed(3)} a create: ${kind}`);
// One stacking create by hand, so a refusal is seen with its answer.
const probe = await fetch(`${base}/api/v1/contacts`, {
  method: 'POST',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify({ listId: list!.id, lastName: 'Probe', phones: [phoneOf(7)] }),
});
if (probe.status !== 200) progress(`a stacking create answered ${probe.status}: ${await probe.text()}`);
const [made] = await queryRows<{ n: number }>(
  db,
  sql`select count(*)::int as n from items where team_id = ${teamId} and type = 'contact'`,
);
const [listed] = await queryRows<{ n: number }>(
  db,
  sql`select count(*)::int as n from list_items where list_id = ${list!.id}`,
);
console.log(
  JSON.stringify({
    driver: 'postgres',
    records: RECORDS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    creates_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p97_5_ms: result.latency.p97_5,
    p99_ms: result.latency.p99,
    ok: result['2xx'],
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    // This process's CPU (server and load generator) a create: a figure the machine's load moves less.
    cpu_ms_per_create: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, result['2xx'])) * 100) / 100,
    statements_per_create: Math.round((statements / Math.max(1, result['2xx'])) * 100) / 100,
    new_contacts: made!.n - RECORDS,
    list_rows_added: listed!.n - RECORDS,
    load_1m_before: Math.round(load * 100) / 100,
    load_1m_after: Math.round(os.loadavg()[0]! * 100) / 100,
  }),
);
// Calls autocannon left in flight finish before the pool closes.
await new Promise((resolve) => setTimeout(resolve, 2000));
await app.close();
await database.close();
