import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { insertTeamAdmin } from '../../../test/factories.js';
import { createHookSender, newWebhookSecret, type HookSender, type Resolver } from './hook-sender.js';
import { insertEndpoint } from './webhooks.queries.js';

// Every URL here reaches 127.0.0.1 when connected to: the canary is the only target these tests have.
let t: TestApp;
let canary: Server;
afterEach(async () => {
  await t.close();
  await new Promise<void>((r) => canary.close(() => r()));
});

/** A hook receiver on loopback that counts TCP connections, not just requests: nothing may reach it. */
async function startCanary() {
  const seen = { connections: 0, requests: 0 };
  canary = createServer((req, res) => {
    seen.requests += 1;
    req.resume();
    req.on('end', () => res.end());
  });
  canary.on('connection', () => (seen.connections += 1));
  await new Promise<void>((r) => canary.listen(0, '127.0.0.1', r));
  return { port: (canary.address() as AddressInfo).port, seen };
}

/** Spellings of 127.0.0.1 that the URL parser normalises to forms the old check did not match. */
const loopbackUrls = (port: number) => [
  `http://[::ffff:127.0.0.1]:${port}/hook`,
  `http://[::ffff:7f00:1]:${port}/hook`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/hook`,
  `http://[0:0:0:0:0:ffff:7f00:1]:${port}/hook`,
  `http://2130706433:${port}/hook`,
  `http://0x7f.1:${port}/hook`,
  `http://017700000001:${port}/hook`,
  `http://127.1:${port}/hook`,
  `http://0x7f000001:${port}/hook`,
  `http://127.0.0.1.:${port}/hook`,
  `http://127.0.0.1:${port}/hook`,
];

async function setUp(allowPrivate: boolean) {
  t = await buildTestApp({ HOOKS_ALLOW_PRIVATE: allowPrivate });
  const admin = await insertTeamAdmin(t, 'admin@acme.test');
  return admin.teamId;
}

/** Queues one event per URL (a subscription each), runs the sender once, and returns the deliveries in URL order. */
async function deliver(sender: HookSender, teamId: string, urls: string[]) {
  const { db } = t.database;
  const endpoints = [];
  for (const url of urls)
    endpoints.push(
      await insertEndpoint(db, {
        teamId,
        kind: 'subscription',
        url,
        events: ['message.received'],
        secretSealed: sender.seal(newWebhookSecret()),
        createdAt: t.clock.now(),
      }),
    );
  await sender.enqueue(
    db,
    endpoints.map((e, n) => ({ teamId, endpointId: e.id, eventType: 'message.received', payload: { n } })),
  );
  await sender.flush();
  const rows = await db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId));
  const attempts = await db.select().from(webhookAttempts);
  return urls.map((url) => {
    const { delivery } = rows.find((r) => r.url === url)!;
    return { ...delivery, log: attempts.filter((a) => a.deliveryId === delivery.id) };
  });
}

/** A sender on the test database whose DNS answers are given, not looked up. */
function senderResolving(allowPrivate: boolean, answers: LookupAddress[]) {
  const asked: string[] = [];
  const resolve: Resolver = (hostname, _options, callback) => {
    asked.push(hostname);
    callback(null, answers);
  };
  const sender = createHookSender({
    db: t.database.db,
    clock: t.clock,
    log: t.app.log,
    options: { allowPrivate, concurrency: 8, pollMs: 60_000, appSecret: t.app.config.authSecret },
    resolve,
  });
  return { sender, asked };
}

describe('the hook sender reaches only public addresses', () => {
  it('IPv4-mapped IPv6, hex, octal, decimal and short spellings of loopback are refused without a packet leaving', async () => {
    const teamId = await setUp(false);
    const { port, seen } = await startCanary();
    const urls = loopbackUrls(port);
    const rows = await deliver(t.app.services.hookSender, teamId, urls);
    for (const [i, row] of rows.entries()) {
      expect(row, urls[i]).toMatchObject({ state: 'failed', attempts: 1 });
      expect(row.lastError, urls[i]).toMatch(/^refused: .*loopback 127\.0\.0\.1/);
      // The delivery log shows the refusal as the attempt's answer: no status, nothing received.
      expect(row.log, urls[i]).toMatchObject([{ statusCode: null }]);
      expect(row.log[0]!.response, urls[i]).toBe(row.lastError);
    }
    expect(seen).toEqual({ connections: 0, requests: 0 });
  });

  it('the same spellings do reach the canary where private addresses are allowed (so the test above can fail)', async () => {
    const teamId = await setUp(true);
    const { port, seen } = await startCanary();
    const urls = loopbackUrls(port);
    const rows = await deliver(t.app.services.hookSender, teamId, urls);
    expect(rows.map((r) => r.state)).toEqual(urls.map(() => 'delivered'));
    expect(seen.requests).toBe(urls.length);
  });

  it.each([
    [[{ address: '::ffff:7f00:1', family: 6 }]],
    [[{ address: '::ffff:127.0.0.1', family: 6 }]],
    [[{ address: '0:0:0:0:0:ffff:7f00:1', family: 6 }]],
    [[{ address: '127.0.0.1', family: 4 }]],
    [[{ address: '::1', family: 6 }]],
    [
      [
        { address: '::ffff:7f00:1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ],
    ],
  ])('a name that resolves to %j is refused at connect time, without a packet leaving', async (answers) => {
    const teamId = await setUp(false);
    const { port, seen } = await startCanary();
    const { sender, asked } = senderResolving(false, answers);
    const [row] = await deliver(sender, teamId, [`http://crm.example.com:${port}/hook`]);
    expect(asked).toEqual(['crm.example.com']);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row!.lastError).toMatch(
      new RegExp(
        `^refused: crm\\.example\\.com resolves to ${answers[0]!.address.replace(/\./g, '\\.')} \\(`,
      ),
    );
    expect(seen).toEqual({ connections: 0, requests: 0 });
  });

  it('a name resolving to an IPv4-mapped loopback reaches the canary where private addresses are allowed', async () => {
    const teamId = await setUp(false);
    const { port, seen } = await startCanary();
    const { sender, asked } = senderResolving(true, [{ address: '::ffff:7f00:1', family: 6 }]);
    const [row] = await deliver(sender, teamId, [`http://crm.example.com:${port}/hook`]);
    expect(asked).toEqual(['crm.example.com']);
    expect(row).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(seen.requests).toBe(1);
  });
});
