/**
 * Child process of bench/run.ts: GET /api/admin/panel (the internal admin's /admin/teams) at scale:
 * BENCH_ADMIN_TEAMS teams (10,000) with owners, members, devices, credits and running campaigns, and
 * BENCH_ADMIN_MESSAGES texts (1,000,000) over 90 days, skewed as real teams are (a few send most). The
 * texts go into sms_jobs in statements of 100,000, so the rollup triggers of migration 0026 fill
 * team_sms_days as the device reports would. Then a staff member with a fresh second factor asks for
 * the panel over real HTTP, one request at a time, in the shapes the page sends (default, sorted by
 * name, a far page, a search, only active campaigns, sorted by texts or block rate over 90 days).
 * PostgreSQL only: BENCH_DATABASE_URL, else a database of its own on 127.0.0.1:5432. Prints one JSON
 * line: seed times and each shape's p50 and p95, and the p95 over all of them (target ≤ 100 ms).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openPostgres, queryRows } from '../apps/server/src/db/client.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { newToken, sha256 } from '../apps/server/src/lib/secrets.js';
import type { Mailer } from '../apps/server/src/providers/mail/index.js';

const TEAMS = Number(process.env.BENCH_ADMIN_TEAMS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_ADMIN_MESSAGES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 60);
const STAFF_EMAIL = 'bench-staff@prospector.test';
const progress = (text: string) => process.stderr.write(`admin panel: ${text}\n`);

const OWN = 'postgres://postgres@127.0.0.1:5432/prospector_bench_admin';

async function ownDatabase(): Promise<string> {
  // BENCH_ADMIN_REUSE: keep the database a previous run seeded (seeding takes minutes).
  if (process.env.BENCH_ADMIN_REUSE) return OWN;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('drop database if exists prospector_bench_admin with (force)');
  await admin.query('create database prospector_bench_admin');
  await admin.end();
  return OWN;
}

const url = process.env.BENCH_DATABASE_URL || (await ownDatabase());
const database = openPostgres(url, 10);
await database.migrate();
const { db } = database;

const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from teams`);
const seeded = !!process.env.BENCH_ADMIN_REUSE && existing!.n >= TEAMS;
let teamsMs = 0;
let messagesMs = 0;
if (!seeded) await seed();

async function seed() {
  let started = performance.now();
  // Teams, an owner each and 0-3 members, 0-3 devices, credits, and a running campaign in 1 team of 7.
  await db.execute(sql`insert into teams (name, plan, created_at)
  select 'Bench Realty ' || n, (array['BASIC','LITE','PRO'])[1 + n % 3], now() - (n || ' minutes')::interval
  from generate_series(1, ${TEAMS}::int) n`);
  await db.execute(sql`insert into users (team_id, email, name, role, data_access, verified_at, created_at)
  select id, 'owner' || row_number() over () || '@bench.test', 'Owner ' || row_number() over (), 'admin', 'All data', now(), now()
  from teams`);
  await db.execute(sql`insert into users (team_id, email, name, role, verified_at, created_at)
  select t.id, 'member' || k || '-' || t.id || '@bench.test', 'Member ' || k, 'member', now(), now()
  from teams t cross join generate_series(1, 3) k where k <= abs(hashtext(t.id::text)) % 4`);
  await db.execute(sql`insert into devices (team_id, kind, value, connected, created_at)
  select t.id, 'android', '+1212' || lpad((abs(hashtext(t.id::text || k)) % 10000000)::text, 7, '0'), k % 2 = 1, now()
  from teams t cross join generate_series(1, 3) k where k <= abs(hashtext(t.id::text)) % 4
  on conflict do nothing`);
  await db.execute(sql`insert into credit_accounts (team_id, balance, updated_at)
  select id, (abs(hashtext(id::text)) % 5000000), now() from teams`);
  await db.execute(sql`insert into campaigns (team_id, name, list_ids, status_ids, week_days, start_hour, end_hour,
    start_date, timezone, group_ids, device_ids, created_at)
  select id, 'Spring', '[]', '[]', '[1,2,3,4,5]', 9, 18, now(), 'America/New_York', '[]', '[]', now()
  from teams where abs(hashtext(id::text)) % 7 = 0`);
  teamsMs = performance.now() - started;
  progress(`${TEAMS} teams in ${Math.round(teamsMs)} ms`);

  // Texts: team k gets a share falling off as a power law; 95% delivered, 3% failed, 2% still queued.
  started = performance.now();
  await db.execute(sql`create temporary table bench_devices as
  select row_number() over (order by d.team_id, d.id) - 1 as k, d.team_id, d.id, d.value
  from (select distinct on (team_id) team_id, id, value from devices order by team_id, id) d`);
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bench_devices`);
  const withDevices = counted!.n;
  const CHUNK = 100_000;
  for (let done = 0; done < MESSAGES; done += CHUNK) {
    await db.execute(sql`insert into sms_jobs (team_id, device_id, from_value, "to", body, state, next_attempt_at, created_at)
    select d.team_id, d.id, d.value, '+1917' || lpad((g % 10000000)::text, 7, '0'), 'Hi, still own the house?',
      case when g % 100 < 95 then 'delivered' when g % 100 < 98 then 'failed' else 'queued' end,
      now(), now() - ((g % 90) || ' days')::interval - ((g % 86400) || ' seconds')::interval
    from generate_series(${done + 1}::int, ${Math.min(done + CHUNK, MESSAGES)}::int) g
    join bench_devices d on d.k = floor(${withDevices}::int * power(((g::bigint * 7919) % 100003)::float8 / 100003, 3::float8))::int`);
    progress(`${Math.min(done + CHUNK, MESSAGES)} texts`);
  }
  messagesMs = performance.now() - started;
  await db.execute(sql`analyze`);
}

// A staff member whose session gave its second factor a minute ago.
const token = newToken();
await db.execute(sql`insert into users (team_id, email, name, role, data_access, verified_at, created_at)
  select id, ${STAFF_EMAIL}, 'Bench Staff', 'admin', 'All data', now(), now() from teams
  where not exists (select 1 from users where email = ${STAFF_EMAIL}) order by created_at limit 1`);
await db.execute(sql`with u as (select id from users where email = ${STAFF_EMAIL})
  insert into sessions (user_id, token_hash, created_at, expires_at, second_factor_at)
  select id, ${sha256(token)}, now(), now() + interval '1 day', now() - interval '1 minute' from u`);

const mailer: Mailer = { kind: 'smtp', send: async () => {}, close: async () => {} };
const app = await buildApp(
  testConfig({
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'prospector-bench-')),
    STAFF_EMAILS: [STAFF_EMAIL],
    ADMIN_PANEL_SNAPSHOT_MS: 30_000,
  }),
  { database, mailer, clock: systemClock },
);
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/admin/panel`;

const SHAPES: Record<string, string> = {
  default: '',
  byName: '?sort=name&dir=asc',
  farPage: '?sort=name&dir=asc&page=300',
  search: '?search=realty%2042',
  onlyActive: '?onlyActiveCampaigns=true',
  bySmsOut90d: '?sort=smsOut&dir=desc&period=90d',
  byBlockRate: '?sort=blockRate&dir=desc',
  byCreditsToday: '?sort=credits&dir=desc&period=today',
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return +s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!.toFixed(1);
};
const all: number[] = [];
const shapes: Record<string, { p50_ms: number; p95_ms: number; teams: number }> = {};
for (const [name, query] of Object.entries(SHAPES)) {
  const times: number[] = [];
  let teams = 0;
  for (let i = 0; i < REQUESTS + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(base + query, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { total: number };
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
    teams = body.total;
    if (i >= 5) times.push(performance.now() - t0); // the first five warm the plan cache
  }
  all.push(...times);
  shapes[name] = { p50_ms: pct(times, 50), p95_ms: pct(times, 95), teams };
  progress(`${name}: p95 ${shapes[name].p95_ms} ms`);
}
console.log(
  JSON.stringify({
    driver: database.driver,
    teams: TEAMS,
    messages: MESSAGES,
    seedTeamsMs: Math.round(teamsMs),
    seedMessagesMs: Math.round(messagesMs),
    shapes,
    p95_ms: pct(all, 95),
  }),
);
await app.close();
await database.close();
