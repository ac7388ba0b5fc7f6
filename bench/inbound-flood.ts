/**
 * An inbound flood (issue 15, item 13): one device hands in BENCH_INBOUND_TEXTS received texts at once
 * (default 2,000, each from a number the team does not know, the costliest path: a new contact),
 * while `GET /api/health` (authenticated: the token lookup and a database ping) is called one request
 * at a time. Prints one JSON line: health p50 / p95 before the flood and during it, how long the flood
 * took to be stored, and whether every text was stored exactly once.
 *
 * The real app on a fresh database (PGlite, or BENCH_DATABASE_URL) listens on 127.0.0.1; the phone (a
 * real agent, journal on disk, with a driver that only receives) and the health prober run in
 * bench/inbound-flood-agent.ts, a process of their own, so neither shares the server's event loop.
 * DEVICE_INBOUND_PER_SECOND and DEVICE_INBOUND_BURST, when set, are passed to the app.
 *
 * npx tsx bench/inbound-flood.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig, type Config } from '../apps/server/src/config.js';
import { createPglite, openPostgres, queryRows, wrapPglite } from '../apps/server/src/db/client.js';
import { deviceToken } from '../apps/server/src/modules/devices/devices.tokens.js';
import type { Mail, Mailer } from '../apps/server/src/providers/mail/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TEXTS = Number(process.env.BENCH_INBOUND_TEXTS ?? 2_000);
const WINDOW_S = Number(process.env.BENCH_INBOUND_WINDOW_S ?? 600);
const url = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospector-bench-inbound-'));
const progress = (text: string) => process.stderr.write(`inbound flood: ${text}\n`);

const database = url ? openPostgres(url) : wrapPglite(await createPglite());
await database.migrate();
const outbox: Mail[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void outbox.push(m), close: async () => {} };
const rate: Partial<Config> = {};
if (process.env.DEVICE_INBOUND_PER_SECOND)
  rate.DEVICE_INBOUND_PER_SECOND = Number(process.env.DEVICE_INBOUND_PER_SECOND);
if (process.env.DEVICE_INBOUND_BURST) rate.DEVICE_INBOUND_BURST = Number(process.env.DEVICE_INBOUND_BURST);
const app = await buildApp(
  testConfig({ LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', DATA_DIR: dataDir, ...rate }),
  {
    database,
    mailer,
  },
);
await app.listen({ host: '127.0.0.1', port: 0 });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const email = `bench-inbound-${Date.now()}@example.com`;
await app.inject({ method: 'POST', url: '/api/users/sendCode', payload: { email } });
const code = /login code: (\d{6})/.exec(outbox[0]!.subject)![1];
const { token } = (
  await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, code } })
).json();
const device = (
  await app.inject({
    method: 'POST',
    url: '/api/services/addNumber',
    headers: { authorization: `Bearer ${token}` },
    payload: { phoneType: 'Android', value: '+19165550100' },
  })
).json().device as { _id: string };

const delay = monitorEventLoopDelay({ resolution: 10 });
const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'inbound-flood-agent.ts')], {
  env: {
    ...process.env,
    BENCH_INBOUND_URL: appUrl,
    BENCH_INBOUND_ADMIN_TOKEN: token,
    BENCH_INBOUND_DEVICE_TOKEN: deviceToken(app.config.authSecret, device._id, 1),
    BENCH_INBOUND_TEXTS: String(TEXTS),
    BENCH_INBOUND_WINDOW_S: String(WINDOW_S),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
const next = async () => {
  const line = await lines.next();
  if (line.done) throw new Error('the flood process ended early');
  return JSON.parse(line.value) as Record<string, unknown>;
};
const baseline = await next();
progress(`baseline ${JSON.stringify(baseline)}; flooding ${TEXTS} texts`);
delay.enable();
const flood = await next();
delay.disable();
await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));

const [stored] = await queryRows<{ n: number; distinct_bodies: number }>(
  database.db,
  sql`select count(*)::int as n, count(distinct body)::int as distinct_bodies
      from messages where direction = 'in' and not system`,
);
console.log(
  JSON.stringify({
    driver: database.driver,
    texts: TEXTS,
    rate: {
      perSecond: app.config.DEVICE_INBOUND_PER_SECOND ?? null,
      burst: app.config.DEVICE_INBOUND_BURST ?? null,
    },
    healthBefore: baseline,
    healthDuringFlood: flood,
    serverLoopDelayP99Ms: Math.round(delay.percentile(99) / 1e6),
    serverLoopDelayMaxMs: Math.round(delay.max / 1e6),
    stored: stored?.n,
    storedDistinct: stored?.distinct_bodies,
  }),
);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
