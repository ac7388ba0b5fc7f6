/**
 * Child process of bench/run.ts: webhook deliveries drained to a slow receiver while the API is in use
 * (issue 33: ≥ 200 deliveries/s to a receiver answering in 200 ms, without slowing the API's p95).
 *
 * The real app (fresh database) with its sender; a receiver on loopback that answers each POST after
 * BENCH_WEBHOOKS_DELAY_MS (200); BENCH_WEBHOOKS_COUNT (10,000) deliveries queued for one subscription.
 * First the API's latency alone (autocannon on an authenticated GET), then the same load while the
 * sender drains the queue: deliveries per second and the API's p95 beside it. Prints one JSON line.
 *
 * Besides the closed loop (autocannon, which saturates the cores and so shows any extra work), an
 * open loop: v1 reads (`GET /api/v1/contacts` with an API key) sent by a timer at a fixed rate,
 * BENCH_WEBHOOKS_OPEN_RPS (50/s, an integration polling hard), whatever the answers' speed, each
 * request's latency counted from when it was due (so a stall is not hidden by the sender waiting).
 * Its p95 alone and while the queue drains; target p95 ≤ 100 ms while draining (docs/scaling.md).
 *
 * PGlite runs in a worker thread, as the server runs it (ADR 044); BENCH_PGLITE_IN_THREAD=1 runs it in
 * this thread. The drain takes the database's background lane (ADR 061); BENCH_WEBHOOKS_LANE=main
 * puts it on the main lane with the API's statements, as before. BENCH_WEBHOOKS_CONCURRENCY sets
 * WEBHOOK_CONCURRENCY (the app's default, 64, without it).
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { createPglite, openPostgres, PgliteThread, wrapPglite } from '../apps/server/src/db/client.js';
import { newWebhookSecret } from '../apps/server/src/modules/hooks/engine/hook-sender.js';
import { insertEndpoint } from '../apps/server/src/modules/hooks/engine/webhooks.queries.js';
import { sha256 } from '../apps/server/src/lib/secrets.js';
import { withAllTeams } from '../apps/server/src/lib/team-scope.js';
import type { Mail, Mailer } from '../apps/server/src/providers/mail/index.js';

const COUNT = Number(process.env.BENCH_WEBHOOKS_COUNT ?? 10_000);
const DELAY_MS = Number(process.env.BENCH_WEBHOOKS_DELAY_MS ?? 200);
const LOAD_S = Number(process.env.BENCH_WEBHOOKS_LOAD_S ?? 10);
const OPEN_RPS = Number(process.env.BENCH_WEBHOOKS_OPEN_RPS ?? 50);
/** Only the open-loop part (BENCH_WEBHOOKS_ONLY_OPEN=1): no closed-loop runs. */
const ONLY_OPEN = process.env.BENCH_WEBHOOKS_ONLY_OPEN === '1';
const url = process.env.BENCH_DATABASE_URL;
const PGLITE_IN_THREAD = process.env.BENCH_PGLITE_IN_THREAD === '1';
const MAIN_LANE = process.env.BENCH_WEBHOOKS_LANE === 'main';
const CONCURRENCY = process.env.BENCH_WEBHOOKS_CONCURRENCY;
const progress = (text: string) => process.stderr.write(`webhooks: ${text}\n`);

const opened = url
  ? openPostgres(url, 10)
  : wrapPglite(PGLITE_IN_THREAD ? await createPglite() : await PgliteThread.open());
await opened.migrate();
const database = MAIN_LANE ? { ...opened, background: opened.db } : opened;
const outbox: Mail[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void outbox.push(m), close: async () => {} };
const app = await buildApp(
  testConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    HOOKS_ALLOW_PRIVATE: true,
    PUBLIC_API_PER_MINUTE: 1_000_000,
    ...(CONCURRENCY ? { WEBHOOK_CONCURRENCY: Number(CONCURRENCY) } : {}),
  }),
  { database, mailer },
);
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const email = `webhooks-bench-${Date.now()}@example.com`;
await app.inject({ method: 'POST', url: '/api/users/sendCode', payload: { email } });
const code = /login code: (\d{6})/.exec(outbox[0]!.subject)![1];
const { token, user } = (
  await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, code } })
).json<{ token: string; user: { team: { _id: string } } }>();
const teamId = user.team._id;

let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () =>
    setTimeout(() => {
      received++;
      res.writeHead(200).end('ok');
    }, DELAY_MS),
  );
});
receiver.keepAliveTimeout = 60_000;
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const { hookSender } = app.services;
const endpoint = await withAllTeams(() =>
  insertEndpoint(database.db, {
    teamId,
    kind: 'subscription',
    url: hookUrl,
    events: ['message.received'],
    secretSealed: hookSender.seal(newWebhookSecret()),
    createdAt: new Date(),
  }),
);

// A read-only API key of the team, as an integration polling for contacts holds.
const apiKey = `pk_${'w'.repeat(43)}`;
await withAllTeams(() =>
  database.db.execute(sql`insert into api_keys (team_id, name, hint, key_hash, scopes, created_at)
    values (${teamId}, 'Bench reads', 'pk_wwwwww…', ${sha256(apiKey)}, '{records:read}', now())`),
);

/** v1 reads at a fixed rate for `seconds`; each latency from the moment its request was due. */
async function openLoop(seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(seconds * OPEN_RPS);
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / OPEN_RPS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      fetch(`${base}/api/v1/contacts?limit=20`, { headers: { authorization: `Bearer ${apiKey}` } })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
          latencies.push(performance.now() - due);
        })
        .catch(() => void errors++),
    );
  }
  await Promise.all(inflight);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return { rate: OPEN_RPS, sent: total, p50: at(0.5), p95: at(0.95), max: at(1), errors };
}

async function api(seconds: number) {
  const r = await autocannon({
    url: `${base}/api/users/me`,
    connections: 10,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p95: r.latency.p97_5,
    errors: r.errors + r.non2xx,
  };
}

progress('the API alone');
const alone = ONLY_OPEN ? null : await api(LOAD_S);
progress(`v1 reads at ${OPEN_RPS}/s alone`);
const openAlone = await openLoop(LOAD_S);

progress(`queueing ${COUNT} deliveries`);
for (let i = 0; i < COUNT; i += 1000)
  await withAllTeams(() =>
    hookSender.enqueue(
      database.db,
      Array.from({ length: Math.min(1000, COUNT - i) }, (_, j) => ({
        teamId,
        endpointId: endpoint.id,
        eventType: 'message.received',
        payload: { type: 'message.received', timestamp: new Date().toISOString(), data: { n: i + j } },
      })),
    ),
  );

progress('draining beside the API load');
const started = performance.now();
let drainedMs = 0;
const drain = (async () => {
  while (received < COUNT) {
    await withAllTeams(() => hookSender.flush());
    if (received < COUNT) await new Promise((r) => setTimeout(r, 50));
  }
  drainedMs = performance.now() - started;
})();
const beside = ONLY_OPEN ? null : await api(LOAD_S);
progress(`v1 reads at ${OPEN_RPS}/s while draining (${received} delivered so far)`);
const openBeside = received < COUNT ? await openLoop(LOAD_S) : null;
const deliveredDuringOpen = received;
await drain;
const perSecond = Math.round(COUNT / (drainedMs / 1000));
progress(`${COUNT} in ${Math.round(drainedMs)} ms`);

console.log(
  JSON.stringify({
    driver: url ? 'postgres' : PGLITE_IN_THREAD ? 'pglite (in this thread)' : 'pglite (worker thread)',
    drainLane: MAIN_LANE ? 'main' : 'background',
    deliveries: COUNT,
    receiverDelayMs: DELAY_MS,
    concurrency: app.config.WEBHOOK_CONCURRENCY,
    drainedPerSecond: perSecond,
    apiAlone: alone,
    apiWhileDraining: beside,
    openLoopAlone: openAlone,
    openLoopWhileDraining: openBeside,
    openLoopTargetP95Ms: 100,
    deliveredWhenOpenLoopEnded: deliveredDuringOpen,
    load_1m: Math.round(os.loadavg()[0]! * 100) / 100,
  }),
);
await app.close();
receiver.close();
process.exit(0);
