/**
 * Child process of bench/run.ts: webhook deliveries drained to a slow receiver while the API is in use
 * (issue 33: ≥ 200 deliveries/s to a receiver answering in 200 ms, without slowing the API's p95).
 *
 * The real app (fresh database) with its sender; a receiver on loopback that answers each POST after
 * BENCH_WEBHOOKS_DELAY_MS (200); BENCH_WEBHOOKS_COUNT (10,000) deliveries queued for one subscription.
 * First the API's latency alone (autocannon on an authenticated GET), then the same load while the
 * sender drains the queue: deliveries per second and the API's p95 beside it. Prints one JSON line.
 */
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { createPglite, openPostgres, wrapPglite } from '../apps/server/src/db/client.js';
import { newWebhookSecret } from '../apps/server/src/engines/hooks/hook-sender.js';
import { insertEndpoint } from '../apps/server/src/engines/hooks/webhooks.queries.js';
import { withAllTeams } from '../apps/server/src/lib/team-scope.js';
import type { Mail, Mailer } from '../apps/server/src/providers/mail/index.js';

const COUNT = Number(process.env.BENCH_WEBHOOKS_COUNT ?? 10_000);
const DELAY_MS = Number(process.env.BENCH_WEBHOOKS_DELAY_MS ?? 200);
const LOAD_S = Number(process.env.BENCH_WEBHOOKS_LOAD_S ?? 10);
const url = process.env.BENCH_DATABASE_URL;
const progress = (text: string) => process.stderr.write(`webhooks: ${text}\n`);

const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();
const outbox: Mail[] = [];
const mailer: Mailer = { kind: 'smtp', send: async (m) => void outbox.push(m), close: async () => {} };
const app = await buildApp(
  testConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', HOOKS_ALLOW_PRIVATE: true }),
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
const alone = await api(LOAD_S);

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
const beside = await api(LOAD_S);
await drain;
const perSecond = Math.round(COUNT / (drainedMs / 1000));
progress(`${COUNT} in ${Math.round(drainedMs)} ms`);

console.log(
  JSON.stringify({
    driver: url ? 'postgres' : 'pglite',
    deliveries: COUNT,
    receiverDelayMs: DELAY_MS,
    concurrency: app.config.WEBHOOK_CONCURRENCY,
    drainedPerSecond: perSecond,
    apiAlone: alone,
    apiWhileDraining: beside,
  }),
);
await app.close();
receiver.close();
process.exit(0);
