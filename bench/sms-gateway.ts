/**
 * Child process of bench/run.ts: the SMS Gateway app's phones (docs/device-protocol.md, "SMS Gateway
 * app"). The real app on a fresh database, BENCH_SMS_GATEWAY_PHONES (500) phones of one team, each with
 * its token and signing key as registration leaves them, each holding `GET /events` open as the app
 * does. Three measures:
 *
 * 1. memory per connected phone: the process's heap and RSS before and after the streams open (the
 *    phones' ends live in this process too, so this is both ends of each stream: an upper bound);
 * 2. a text queued (its job inserted, the phone kicked as sms.service does) → `MessageEnqueued` read on
 *    that phone's stream, for one text per phone, 50 at a time: p50 / p95 / max (target p95 ≤ 200 ms);
 * 3. signed state webhooks (`sms:sent`, then `sms:delivered`, each signed like the app:
 *    hex HMAC-SHA256 of body + X-Timestamp), BENCH_SMS_GATEWAY_WEBHOOKS of them with 50 in flight,
 *    posted by the phones' own worker thread: accepted per second (target ≥ 1,000) and latency.
 *
 * Prints one JSON line.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { Agent, request } from 'undici';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { createPglite, openPostgres, wrapPglite } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { seal } from '../apps/server/src/lib/sealed.js';

const PHONES = Number(process.env.BENCH_SMS_GATEWAY_PHONES ?? 500);
const WEBHOOKS = Number(process.env.BENCH_SMS_GATEWAY_WEBHOOKS ?? 4000);
const url = process.env.BENCH_DATABASE_URL;
const progress = (text: string) => process.stderr.write(`sms-gateway: ${text}\n`);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const pct = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! * 10) / 10;

const database = url ? openPostgres(url, 10) : wrapPglite(await createPglite());
await database.migrate();
const config = testConfig({
  LOG_LEVEL: 'error',
  WEB_DIST: '/nonexistent',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'prospector-smsgw-')),
  DEVICE_MAX_IN_FLIGHT: 50,
  OVERLOAD_MAX_IN_FLIGHT: 10_000,
});
const app = await buildApp(config, { database, logStream: new Writable({ write: (_c, _e, cb) => cb() }) });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as AddressInfo).port;
const api = `http://127.0.0.1:${port}/api/mobile/v1`;
const { db } = database;

progress(`${PHONES} phones`);
const [team] = await db.insert(schema.teams).values({ name: 'Bench Homes', plan: 'PRO' }).returning();
const phones: { id: string; token: string; key: string; value: string }[] = [];
for (let i = 0; i < PHONES; i++) {
  const token = randomBytes(32).toString('base64url');
  const key = randomBytes(24).toString('base64url');
  const value = `+1917${String(5000000 + i)}`;
  const [row] = await db
    .insert(schema.devices)
    .values({
      teamId: team!.id,
      kind: 'android',
      value,
      transport: 'sms_gateway',
      tokenHash: sha256(token),
      sealedSecrets: seal(config.authSecret, { signingKey: key }),
      remoteState: { appVersion: '1.68.0' },
      createdAt: new Date(),
    })
    .returning();
  phones.push({ id: row!.id, token, key, value });
}

// Each phone's stream; `waiters` resolve on its next MessageEnqueued.
const waiters = new Map<string, () => void>();
const streams: http.ClientRequest[] = [];
global.gc?.();
const before = process.memoryUsage();
await Promise.all(
  phones.map(
    (p) =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(
          `${api}/events`,
          { headers: { authorization: `Bearer ${p.token}` }, agent: false },
          (res) => {
            if (res.statusCode !== 200) return reject(new Error(`events ${res.statusCode}`));
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              if (chunk.includes('event: MessageEnqueued')) waiters.get(p.id)?.();
            });
            resolve();
          },
        );
        req.on('error', reject);
        streams.push(req);
      }),
  ),
);
await new Promise((r) => setTimeout(r, 500));
global.gc?.();
const after = process.memoryUsage();
const connected = app.services.smsGateway.hub.streaming().length;
progress(`${connected} streams open`);

// 2. queued → MessageEnqueued, one text per phone, 50 at a time.
const latencies: number[] = [];
const jobIds: { id: string; phone: (typeof phones)[number] }[] = [];
for (let i = 0; i < PHONES; i += 50) {
  await Promise.all(
    phones.slice(i, i + 50).map(async (p) => {
      const got = new Promise<void>((resolve) => waiters.set(p.id, resolve));
      const t0 = performance.now();
      const id = randomUUID();
      const now = new Date();
      await db.insert(schema.smsJobs).values({
        id,
        teamId: team!.id,
        deviceId: p.id,
        fromValue: p.value,
        to: '+12125550100',
        body: 'Hello from the bench',
        nextAttemptAt: now,
        createdAt: now,
      });
      app.services.smsGateway.hub.kick(p.id);
      await got;
      latencies.push(performance.now() - t0);
      jobIds.push({ id, phone: p });
    }),
  );
}
latencies.sort((a, b) => a - b);
progress(`enqueued p95 ${pct(latencies, 0.95)} ms`);

// The phones pull their text (handed out = accepted), as the app does on MessageEnqueued.
const pool = new Agent({ connections: 64, pipelining: 1 });
for (let i = 0; i < phones.length; i += 50)
  await Promise.all(
    phones.slice(i, i + 50).map(async (p) => {
      const res = await request(`${api}/message`, {
        headers: { authorization: `Bearer ${p.token}` },
        dispatcher: pool,
      });
      await res.body.text();
    }),
  );

// 3. signed state webhooks: sms:sent then sms:delivered for each text, round after round (a repeat is
// a new event id, so a new signature: taken and ignored, as the app's retries are). The phones post
// from a worker thread of their own (bench/sms-gateway-phones.ts), as real phones are other machines.
// A worker does not inherit `--import tsx` on Node 20: it registers tsx itself, then loads the file.
const phonesFile = new URL('./sms-gateway-phones.ts', import.meta.url).href;
const phonesSide = new Worker(
  `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(phonesFile)}); })`,
  {
    eval: true,
    workerData: {
      api,
      jobs: jobIds.map((j) => ({ id: j.id, phoneId: j.phone.id, key: j.phone.key })),
      count: WEBHOOKS,
      inFlight: 50,
    },
  },
);
const hooks = await new Promise<{ latencies: number[]; accepted: number; refused: number; seconds: number }>(
  (resolve, reject) => {
    phonesSide.once('message', resolve);
    phonesSide.once('error', reject);
  },
);
await phonesSide.terminate();
const { accepted, refused, seconds: hookSeconds } = hooks;
const hookLatencies = hooks.latencies;
hookLatencies.sort((a, b) => a - b);
progress(`${Math.round(accepted / hookSeconds)} webhooks/s`);

for (const s of streams) s.destroy();
await pool.close();
await app.close();
await database.close();
console.log(
  JSON.stringify({
    driver: url ? 'postgres' : 'pglite',
    phones: PHONES,
    connected,
    heapPerPhoneKb: Math.round((after.heapUsed - before.heapUsed) / PHONES / 102.4) / 10,
    rssPerPhoneKb: Math.round((after.rss - before.rss) / PHONES / 102.4) / 10,
    enqueuedP50Ms: pct(latencies, 0.5),
    enqueuedP95Ms: pct(latencies, 0.95),
    enqueuedMaxMs: Math.round(latencies.at(-1)! * 10) / 10,
    webhooks: WEBHOOKS,
    webhooksAccepted: accepted,
    webhooksRefused: refused,
    webhooksPerSecond: Math.round(accepted / hookSeconds),
    webhookP50Ms: pct(hookLatencies, 0.5),
    webhookP95Ms: pct(hookLatencies, 0.95),
  }),
);
process.exit(0);
