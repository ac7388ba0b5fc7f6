/**
 * Issue 22: what one server process carries against two behind HAProxy (deploy/haproxy.cfg), on one
 * PostgreSQL database holding a team of BENCH_PROCESSES_RECORDS records (100,000: 300,000 phones and
 * 1,000,000 messages, as issue 3's bench). Closed-loop load (autocannon, BENCH_CONNECTIONS, 10 s per
 * row after a 2 s warm-up) on three calls — the authenticated health check, the board page and a
 * search — against: one process directly; one process behind the balancer (the balancer's own cost);
 * two processes behind the balancer. Everything runs on this machine's cores, the database included.
 *
 *   npx tsx bench/processes.ts            (BENCH_DATABASE_URL: a PostgreSQL server, default 127.0.0.1)
 */
import autocannon, { type Request } from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { generateTeamData } from '../apps/server/src/scripts/generate.js';
import { startBalancer } from '../apps/server/src/test/balancer.js';
import { withDatabase } from '../apps/server/src/test/global-setup.js';
import { freePort, startServerProcess } from '../apps/server/src/test/server-process.js';
import { startSmtp } from '../apps/server/src/test/smtp.js';
import { searchBody } from './records.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RECORDS = Number(process.env.BENCH_PROCESSES_RECORDS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

export type ProcessesRow = {
  setup: string;
  call: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
};

async function admin(query: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(query);
  await c.end();
}

export async function benchProcesses(log: (line: string) => void = console.log): Promise<ProcessesRow[]> {
  const name = `bench_processes_${Date.now()}`;
  await admin(`create database "${name}"`);
  const url = withDatabase(ADMIN_URL, name);
  const database = openPostgres(url, 4);
  const smtp = await startSmtp();
  const stops: (() => Promise<void>)[] = [];
  try {
    await database.migrate();
    const env = {
      DATABASE_URL: url,
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
    };
    const ports = [await freePort(), await freePort()] as [number, number];
    const [one, two] = await Promise.all([
      startServerProcess({ ...env, SIMULATED_PHONES_HOST: 'true' }, ports[0]),
      startServerProcess({ ...env, SIMULATED_PHONES_HOST: 'false' }, ports[1]),
    ]);
    stops.push(
      () => one!.stop(),
      () => two!.stop(),
    );

    const email = 'bench@processes.test';
    const post = (path: string, body: object) =>
      fetch(`${one!.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/api/users/sendCode', { email });
    const login = (await (
      await post('/api/users/login', { email, code: await smtp.codeFor(email) })
    ).json()) as {
      token: string;
      user: { _id: string; team: { _id: string } };
    };
    const teamId = login.user.team._id;
    const started = performance.now();
    const statuses = await database.db
      .select()
      .from(schema.statuses)
      .where(eq(schema.statuses.teamId, teamId));
    await generateTeamData(database.db, {
      teamId,
      contacts: RECORDS / 2,
      phonesPerContact: 6,
      messagesPerContact: 20,
      statusIds: statuses.map((s) => s.id),
      memberIds: [login.user._id],
      phoneBase: 2_000_000,
      now: new Date(),
    });
    await database.db.execute(sql`vacuum analyze`);
    log(
      `generated ${RECORDS.toLocaleString('en-US')} records in ${Math.round((performance.now() - started) / 1000)} s`,
    );

    const headers = { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' };
    const search = searchBody();
    const calls = [
      { call: 'GET /api/health (authenticated)', method: 'GET' as const, path: '/api/health' },
      {
        call: 'POST /api/dashboard/get',
        method: 'POST' as const,
        path: '/api/dashboard/get',
        body: () => ({}),
      },
      {
        call: 'POST /api/services/search',
        method: 'POST' as const,
        path: '/api/services/search',
        body: search,
      },
    ];
    const oneBehind = await startBalancer([ports[0], ports[0]]);
    stops.push(() => oneBehind.stop());
    const twoBehind = await startBalancer(ports);
    stops.push(() => twoBehind.stop());
    // Both processes pass two health checks before the balancer sends them load.
    await new Promise((r) => setTimeout(r, 2500));
    const setups = [
      { setup: 'one process, direct', url: one!.url },
      { setup: 'one process behind HAProxy', url: oneBehind.url },
      { setup: 'two processes behind HAProxy', url: twoBehind.url },
    ];
    const rows: ProcessesRow[] = [];
    for (const c of calls)
      for (const s of setups) {
        const request = (body?: () => object) => ({
          method: c.method,
          path: c.path,
          headers,
          ...(body ? { body: JSON.stringify(body()) } : {}),
        });
        const options = {
          url: s.url,
          connections: CONNECTIONS,
          // A new body per request: the searches cycle through their terms.
          requests: [
            {
              ...request(),
              setupRequest: (req: Request): Request => ({ ...req, ...request(c.body) }),
            },
          ],
        };
        await autocannon({ ...options, duration: 2 });
        const r = await autocannon({ ...options, duration: DURATION_S });
        const row = {
          setup: s.setup,
          call: c.call,
          rps: Math.round(r.requests.average),
          p50_ms: r.latency.p50,
          p99_ms: r.latency.p99,
          errors: r.errors + r.non2xx,
        };
        rows.push(row);
        log(
          `${row.call.padEnd(32)} ${row.setup.padEnd(30)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50_ms} ms  p99 ${row.p99_ms} ms  errors ${row.errors}`,
        );
      }
    return rows;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await smtp.close();
    await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchProcesses();
  console.log(JSON.stringify(rows, null, 2));
  process.exit(0);
}
