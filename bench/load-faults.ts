/**
 * Issue 22 item 5, proof under load and faults (a bench, never CI). Starts its own PostgreSQL (initdb
 * in a temporary folder, a free loopback port) and its own redis-server, then the real app on them
 * (bench/health-server.ts: a team of 100,000 records, 300,000 phones, 1,000,000 messages), and sends
 * an open-model load: BENCH_LOAD_RATE requests a second (default 50) at fixed arrival times, whatever
 * the answers, in a mix of authenticated calls, for `--minutes` (default 10). During the run:
 *  - at 30 %: PostgreSQL restarted (pg_ctl restart -m fast); the server is not touched;
 *  - at 55 %: redis-server killed, started again at 70 %; GET /api/health is read every second;
 *  - at 85 %: a burst of BENCH_BURST (default 1,000) searches at once, over the in-flight limit
 *    (BENCH_OVERLOAD_MAX_IN_FLIGHT, default 50; the event-loop limit at its default).
 * Reports per call p50/p95/p99 and errors outside the faults, the server's RSS (first and last minute,
 * slope), the outage and its recovery, the Redis window seen by /api/health, the burst's 503s and how
 * fast they came, and whether every comment answered 2xx is in the database afterwards.
 * Prints one JSON line last. Run: npx tsx bench/load-faults.ts [--minutes 2]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const argMinutes = process.argv.indexOf('--minutes');
const MINUTES = Number(
  argMinutes > 0 ? process.argv[argMinutes + 1] : (process.env.BENCH_LOAD_MINUTES ?? 10),
);
const RATE = Number(process.env.BENCH_LOAD_RATE ?? 50);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const BURST = Number(process.env.BENCH_BURST ?? 1000);
const MAX_IN_FLIGHT = Number(process.env.BENCH_OVERLOAD_MAX_IN_FLIGHT ?? 50);
const TIMEOUT_MS = 10_000;
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** initdb refuses root: run PostgreSQL's tools as the postgres user then. */
function asPostgres(cmd: string, args: string[]) {
  const full = path.join(PG_BIN, cmd);
  const r =
    process.getuid?.() === 0
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
}

/** The same without blocking the event loop (the load goes on while PostgreSQL restarts). */
function asPostgresAsync(cmd: string, args: string[]) {
  const full = path.join(PG_BIN, cmd);
  const child =
    process.getuid?.() === 0
      ? spawn('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'ignore' })
      : spawn(full, args, { stdio: 'ignore' });
  return new Promise<void>((resolve, reject) =>
    child.once('exit', (c) => (c === 0 ? resolve() : reject(new Error(`${cmd} exited with ${c}`)))),
  );
}

// --- throwaway PostgreSQL and Redis -----------------------------------------------------------------
const pgDir = mkdtempSync(path.join(os.tmpdir(), 'load-faults-pg-'));
if (process.getuid?.() === 0) {
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
  chownSync(pgDir, Number(id), Number(gid));
}
const pgPort = await freePort();
asPostgres('initdb', ['-D', pgDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
const pgOpts = `-p ${pgPort} -k ${pgDir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
asPostgres('pg_ctl', ['-D', pgDir, '-l', path.join(pgDir, 'log'), '-o', pgOpts, '-w', 'start']);
const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

const redisPort = await freePort();
let redis: ChildProcess | null = null;
async function startRedis() {
  redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 50; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = net.connect(redisPort, '127.0.0.1', () => (c.end(), resolve(true)));
      c.on('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(100);
  }
  throw new Error('redis-server did not start');
}
function stopRedis() {
  if (redis?.exitCode === null) redis.kill('SIGKILL');
  redis = null;
}
await startRedis();

let server: ChildProcess | null = null;
const cleanUp = () => {
  server?.kill('SIGKILL');
  stopRedis();
  try {
    asPostgres('pg_ctl', ['-D', pgDir, '-m', 'immediate', '-w', 'stop']);
  } catch {
    // already stopped
  }
  rmSync(pgDir, { recursive: true, force: true });
};
process.on('SIGINT', () => (cleanUp(), process.exit(130)));

try {
  // --- the app, filled with the records bench's team -------------------------------------------------
  console.error(
    `load-faults: generating ${RECORDS.toLocaleString('en-US')} records on PostgreSQL :${pgPort}…`,
  );
  server = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'health-server.ts')], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_RECORDS: String(RECORDS),
      BENCH_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      BENCH_OVERLOAD_MAX_IN_FLIGHT: String(MAX_IN_FLIGHT),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const serverExit = new Promise<number | null>((r) => server!.once('exit', r));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server!.stdout! }).once('line', resolve);
    server!.once('exit', (c) => reject(new Error(`bench server exited with ${c}`)));
  });
  const info = JSON.parse(line) as { appUrl: string; token: string; generated: unknown };
  console.error('load-faults: generated', info.generated);
  const base = info.appUrl;
  const headers = { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' };

  // Records to open and comment on: the Messenger's first pages.
  const records: { _id: string; type: string }[] = [];
  for (let skip = 0; skip < 300; skip += 30) {
    const r = await fetch(`${base}/api/items/get`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ inboxType: 'all', skip }),
    });
    records.push(...((await r.json()) as { items: { _id: string; type: string }[] }).items);
  }
  if (!records.length) throw new Error('no records in the Messenger');

  // --- the mix ---------------------------------------------------------------------------------------
  const TERMS = ['smith', 'garcia', 'elm st', '9162003', 'sacramento', 'okafor', 'maple dr 4', 'patel'];
  let n = 0;
  const pick = () => records[n++ % records.length]!;
  type Call = { name: string; weight: number; request: () => [string, RequestInit] };
  const post = (url: string, body: object): [string, RequestInit] => [
    `${base}${url}`,
    { method: 'POST', headers, body: JSON.stringify(body) },
  ];
  const calls: Call[] = [
    { name: 'board (POST /api/dashboard/get)', weight: 15, request: () => post('/api/dashboard/get', {}) },
    {
      name: 'search (POST /api/services/search)',
      weight: 15,
      request: () => post('/api/services/search', { text: TERMS[n++ % TERMS.length], type: 'all' }),
    },
    {
      name: 'Messenger (POST /api/items/get)',
      weight: 20,
      request: () => post('/api/items/get', { inboxType: n++ % 3 ? 'all' : 'unread', skip: (n % 4) * 30 }),
    },
    {
      name: 'record (GET /api/items/:id)',
      weight: 20,
      request: () => [`${base}/api/items/${pick()._id}`, { headers }],
    },
    {
      name: 'comment (POST /api/messages/add)',
      weight: 10,
      request: () => {
        const r = pick();
        return post('/api/messages/add', { body: `load-faults ${n}`, dataId: r._id, dataType: r.type });
      },
    },
    {
      name: 'mark read (PATCH /api/notifications/markAllRead)',
      weight: 10,
      request: () => [
        `${base}/api/notifications/markAllRead`,
        { method: 'PATCH', headers: { authorization: headers.authorization } },
      ],
    },
    { name: 'health (GET /api/health)', weight: 10, request: () => [`${base}/api/health`, { headers }] },
  ];
  const wheel = calls.flatMap((c) => Array<Call>(c.weight).fill(c));

  type Phase = 'steady' | 'pg-restart' | 'redis-down' | 'burst';
  let phase: Phase = 'steady';
  type Sample = { call: string; phase: Phase; at: number; ms: number; status: number };
  const samples: Sample[] = [];
  const acked: string[] = [];
  const started = performance.now();

  async function send(call: Call, forPhase: Phase = phase): Promise<Sample> {
    const at = performance.now() - started;
    const [url, init] = call.request();
    let status = 0;
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      status = res.status;
      const body = await res.text();
      if (call.name.startsWith('comment') && res.ok)
        acked.push((JSON.parse(body) as { message: { _id: string } }).message._id);
    } catch {
      status = 0; // refused, reset or timed out
    }
    const s = { call: call.name, phase: forPhase, at, ms: performance.now() - at - started, status };
    samples.push(s);
    return s;
  }

  // Open model: arrivals at fixed times, never waiting for answers.
  const durationMs = MINUTES * 60_000;
  let sent = 0;
  const inFlight = new Set<Promise<unknown>>();
  const arrivals = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * RATE);
    while (sent < due) {
      const p = send(wheel[(sent * 7) % wheel.length]!);
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      sent++;
    }
  }, 5);

  // The server's RSS every 5 s.
  const rss: { at: number; mb: number }[] = [];
  const readRss = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server!.pid}/status`, 'utf8'));
      rss.push({ at: (performance.now() - started) / 1000, mb: Math.round(Number(m![1]) / 1024) });
    } catch {
      // the server is gone: reported as crashed at the end
    }
  };
  readRss();
  const rssTimer = setInterval(readRss, 5000);

  // /api/health every second: what it says about the database and realtime.
  const health: { at: number; status: number; database: boolean | null; realtime: boolean | null }[] = [];
  const healthTimer = setInterval(() => {
    const at = performance.now() - started;
    fetch(`${base}/api/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
      .then(async (r) => {
        const j = (await r.json()) as { database?: { ok: boolean }; realtime?: { ok: boolean } };
        health.push({
          at,
          status: r.status,
          database: j.database?.ok ?? null,
          realtime: j.realtime?.ok ?? null,
        });
      })
      .catch(() => health.push({ at, status: 0, database: null, realtime: null }));
  }, 1000);

  const untilMs = async (ms: number) => {
    const wait = ms - (performance.now() - started);
    if (wait > 0) await sleep(wait);
  };
  const now = () => performance.now() - started;

  // PostgreSQL restarted at 30 %.
  await untilMs(durationMs * 0.3);
  const pgLoad = load();
  phase = 'pg-restart';
  const pgRestartAt = now();
  await asPostgresAsync('pg_ctl', ['-D', pgDir, '-m', 'fast', '-w', 'restart']);
  const pgUpAt = now();
  // Recovered: the first answer of a database call after PostgreSQL is back that was a 2xx.
  let recoveredAt: number | null = null;
  while (recoveredAt === null && now() < pgUpAt + 60_000) {
    const s = await send(calls[3]!, 'pg-restart');
    if (s.status >= 200 && s.status < 300) recoveredAt = s.at + s.ms;
    else await sleep(50);
  }
  await sleep(2000);
  phase = 'steady';

  // Redis killed at 55 %, started again at 70 %.
  await untilMs(durationMs * 0.55);
  const redisLoad = load();
  phase = 'redis-down';
  const redisDownAt = now();
  stopRedis();
  await untilMs(durationMs * 0.7);
  const redisUpAt = now();
  await startRedis();
  let realtimeBackAt: number | null = null;
  while (realtimeBackAt === null && now() < redisUpAt + 60_000) {
    const r = await fetch(`${base}/api/health`);
    if (((await r.json()) as { realtime: { ok: boolean } }).realtime.ok) realtimeBackAt = now();
    else await sleep(100);
  }
  phase = 'steady';

  // A burst of searches at once at 85 %.
  await untilMs(durationMs * 0.85);
  const burstLoad = load();
  phase = 'burst';
  const burst = await Promise.all(Array.from({ length: BURST }, () => send(calls[1]!, 'burst')));
  await sleep(2000);
  phase = 'steady';

  await untilMs(durationMs);
  clearInterval(arrivals);
  clearInterval(rssTimer);
  clearInterval(healthTimer);
  await Promise.all(inFlight);
  const endLoad = load();

  // --- figures ---------------------------------------------------------------------------------------
  const pct = (xs: number[], q: number) => {
    if (!xs.length) return null;
    const s = [...xs].sort((a, b) => a - b);
    return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10;
  };
  const ok = (s: Sample) => s.status >= 200 && s.status < 300;
  const normal = samples.filter((s) => s.phase === 'steady' || s.phase === 'redis-down');
  const perCall = calls.map((c) => {
    const mine = normal.filter((s) => s.call === c.name);
    const ms = mine.map((s) => s.ms);
    const errors = mine.filter((s) => !ok(s)).length;
    return {
      call: c.name,
      requests: mine.length,
      p50_ms: pct(ms, 0.5),
      p95_ms: pct(ms, 0.95),
      p99_ms: pct(ms, 0.99),
      errors,
      statuses: [...new Set(mine.filter((s) => !ok(s)).map((s) => s.status))].join(' '),
    };
  });
  const allMs = normal.map((s) => s.ms);
  const normalErrors = normal.filter((s) => !ok(s)).length;
  const outage = samples.filter((s) => s.phase === 'pg-restart');
  const failed = outage.filter((s) => !ok(s));
  const firstFail = failed.length ? Math.min(...failed.map((s) => s.at)) : null;
  const lastFail = failed.length ? Math.max(...failed.map((s) => s.at + s.ms)) : null;
  const redisWindow = health.filter((h) => h.at >= redisDownAt && h.at < redisUpAt);
  const burst503 = burst.filter((s) => s.status === 503 || s.status === 429);
  const burstOk = burst.filter(ok);

  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const firstMin = rss.filter((r) => r.at < 60);
  const lastMin = rss.filter((r) => r.at >= rss.at(-1)!.at - 60);
  const slope = (() => {
    const mx = mean(rss.map((r) => r.at));
    const my = mean(rss.map((r) => r.mb));
    const num = rss.reduce((a, r) => a + (r.at - mx) * (r.mb - my), 0);
    const den = rss.reduce((a, r) => a + (r.at - mx) ** 2, 0);
    return den ? (num / den) * 60 : 0;
  })();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const found = Number(
    (await client.query('select count(*) from messages where id = any($1::uuid[])', [acked])).rows[0].count,
  );
  await client.end();

  const crashed = server.exitCode !== null;
  const result = {
    minutes: MINUTES,
    rate: RATE,
    records: RECORDS,
    sent: samples.length,
    machineLoad: { atPgRestart: pgLoad, atRedisKill: redisLoad, atBurst: burstLoad, atEnd: endLoad },
    outsideFaults: {
      requests: normal.length,
      p50_ms: pct(allMs, 0.5),
      p95_ms: pct(allMs, 0.95),
      p99_ms: pct(allMs, 0.99),
      errors: normalErrors,
      errorPercent: Math.round((normalErrors / Math.max(1, normal.length)) * 10000) / 100,
    },
    perCall,
    // Where the errors outside the faults fell: seconds into the run (10 s buckets) → errors.
    errorsBy10s: Object.fromEntries(
      Object.entries(
        normal
          .filter((s) => !ok(s))
          .reduce<Record<number, number>>((m, s) => {
            const k = Math.floor(s.at / 10_000) * 10;
            m[k] = (m[k] ?? 0) + 1;
            return m;
          }, {}),
      ),
    ),
    marksS: {
      pgRestart: Math.round(pgRestartAt / 1000),
      redisDown: Math.round(redisDownAt / 1000),
      redisUp: Math.round(redisUpAt / 1000),
    },
    rssMb: {
      firstMinute: Math.round(mean(firstMin.map((r) => r.mb))),
      lastMinute: Math.round(mean(lastMin.map((r) => r.mb))),
      max: Math.max(...rss.map((r) => r.mb)),
      slopeMbPerMin: Math.round(slope * 100) / 100,
    },
    pgRestart: {
      restartTookMs: Math.round(pgUpAt - pgRestartAt),
      failedRequests: failed.length,
      failedStatuses: [...new Set(failed.map((s) => s.status))].join(' '),
      failedP95Ms: pct(
        failed.map((s) => s.ms),
        0.95,
      ),
      errorsSeenMs: firstFail === null ? 0 : Math.round(lastFail! - firstFail),
      recoveredAfterPgUpMs: recoveredAt === null ? null : Math.round(recoveredAt - pgUpAt),
      serverRestarted: false,
    },
    redisDown: {
      downS: Math.round((redisUpAt - redisDownAt) / 1000),
      healthReads: redisWindow.length,
      healthSaidDegraded: redisWindow.filter((h) => h.realtime === false).length,
      healthStatuses: [...new Set(redisWindow.map((h) => h.status))].join(' '),
      apiErrorsWhileDown: samples.filter((s) => s.phase === 'redis-down' && !ok(s)).length,
      apiRequestsWhileDown: samples.filter((s) => s.phase === 'redis-down').length,
      realtimeBackAfterRedisUpMs: realtimeBackAt === null ? null : Math.round(realtimeBackAt - redisUpAt),
    },
    burst: {
      requests: BURST,
      maxInFlight: MAX_IN_FLIGHT,
      refused: burst503.length,
      refusedFirstMs: burst503.length ? Math.round(Math.min(...burst503.map((s) => s.ms))) : null,
      refusedP50Ms: pct(
        burst503.map((s) => s.ms),
        0.5,
      ),
      refusedP95Ms: pct(
        burst503.map((s) => s.ms),
        0.95,
      ),
      answered: burstOk.length,
      answeredP95Ms: pct(
        burstOk.map((s) => s.ms),
        0.95,
      ),
      other: burst.length - burst503.length - burstOk.length,
    },
    writes: { acknowledged: acked.length, found, lost: acked.length - found },
    serverCrashed: crashed,
  };
  console.table(perCall);
  console.log(JSON.stringify(result));
  server.kill('SIGTERM');
  await Promise.race([serverExit, sleep(5000)]);
} finally {
  cleanUp();
}
