import { WEBHOOK_RETRY_SCHEDULE_MS } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.js';
import { notifications, webhookAttempts, webhookDeliveries } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertConnectedDevice, insertTeamAdmin, type TestUser } from '../../test/factories.js';

type Received = { headers: IncomingHttpHeaders; body: string };
let t: TestApp;
let base: string;
let receiver: Server | null = null;
afterEach(async () => {
  await t.close();
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
  receiver = null;
});

/** An integration's receiver on loopback: records each hit (and each TCP connection), answering the statuses in turn. */
async function startReceiver(statuses: number[] = [200]) {
  const got: Received[] = [];
  const seen = { connections: 0 };
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      const status = statuses[Math.min(got.length - 1, statuses.length - 1)]!;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok, thanks' : `try later (${got.length})`);
    });
  });
  receiver.on('connection', () => (seen.connections += 1));
  await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/zap`, got, seen };
}

/** The app on loopback: subscriptions are made over real HTTP, as an integration makes them. */
async function listen(app: TestApp) {
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

async function makeKey(app: TestApp, admin: TestUser, scopes: string[]) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/settings/apiKeys',
    headers: admin.headers,
    payload: { name: 'Zapier', scopes },
  });
  return { key: res.json<{ key: string }>().key };
}

async function callApi(base: string, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function setUp(overrides: Partial<Config> = { HOOKS_ALLOW_PRIVATE: true }) {
  t = await buildTestApp(overrides);
  base = await listen(t);
  const admin = await insertTeamAdmin(t, 'admin@acme.test');
  const { key } = await makeKey(t, admin, ['webhooks']);
  return { admin, key };
}

async function subscribe(key: string, url: string, events: string[] = ['message.received']) {
  const res = await callApi(base, key, 'POST', '/api/v1/webhooks', { url, events });
  return res as unknown as { status: number; body: { id: string; secret: string; message?: string } };
}

/** A text comes in on the team's phone; its events are queued and the due deliveries sent. */
async function textComesIn(admin: TestUser, body = 'Still interested?', n = 1) {
  const device = await insertConnectedDevice(t, admin);
  await t.app.services.sms.applyInbound(device, [
    { id: `in-${n}-${body.length}`, from: '+19164567890', body, at: t.clock.now().toISOString() },
  ]);
  await deliverDue();
}

async function deliverDue() {
  await t.app.services.webhooks.settle();
  await t.app.services.hookSender.flush();
}

/** What a receiver using the `standardwebhooks` package makes of a hit at `now` (its tolerance reads Date.now()). */
function verify(secret: string, hit: Received, now: Date, body = hit.body) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  try {
    return { ok: true, body: new Webhook(secret).verify(body, hit.headers as Record<string, string>) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  } finally {
    vi.useRealTimers();
  }
}
const sentAt = (hit: Received) => new Date(Number(hit.headers['webhook-timestamp']) * 1000);
const tamper = (body: string) =>
  body.slice(0, 10) + String.fromCharCode(body.charCodeAt(10) ^ 1) + body.slice(11);

const settings = (admin: TestUser, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url: `/api/settings/webhooks${url}`, headers: admin.headers });

describe('subscriptions', () => {
  it('a URL subscribed through the API gets the events it asked for as a signed envelope that standardwebhooks verifies, and refuses one byte changed or an old timestamp', async () => {
    const { admin, key } = await setUp();
    const zap = await startReceiver();
    const made = await subscribe(key, zap.url, ['message.received', 'contact.opted_out']);
    expect(made.status).toBe(200);
    expect(made.body.secret).toMatch(/^whsec_/);
    await textComesIn(admin, 'Yes, call me after 5');
    expect(zap.got).toHaveLength(1);
    const [hit] = zap.got;
    const envelope = JSON.parse(hit!.body);
    expect(envelope).toMatchObject({
      type: 'message.received',
      data: { from: '+19164567890', body: 'Yes, call me after 5' },
    });
    expect(verify(made.body.secret, hit!, sentAt(hit!))).toEqual({ ok: true, body: envelope });
    expect(verify(made.body.secret, hit!, sentAt(hit!), tamper(hit!.body))).toMatchObject({
      ok: false,
      error: 'No matching signature found',
    });
    expect(verify(made.body.secret, hit!, new Date(sentAt(hit!).getTime() + 301_000))).toMatchObject({
      ok: false,
      error: 'Message timestamp too old',
    });
  });

  it('a text asking not to be texted again sends contact.opted_out to a subscription that asked for it', async () => {
    const { admin, key } = await setUp();
    const zap = await startReceiver();
    await subscribe(key, zap.url, ['contact.opted_out']);
    await textComesIn(admin, 'STOP');
    expect(zap.got.map((g) => JSON.parse(g.body).type)).toEqual(['contact.opted_out']);
    expect(JSON.parse(zap.got[0]!.body).data).toMatchObject({ phone: '+19164567890' });
  });

  it('lists, unsubscribes (nothing more is sent) and answers a sample per event', async () => {
    const { admin, key } = await setUp();
    const zap = await startReceiver();
    const made = await subscribe(key, zap.url);
    const list = await callApi(base, key, 'GET', '/api/v1/webhooks');
    expect(list.body).toMatchObject({
      data: [{ id: made.body.id, url: zap.url, events: ['message.received'] }],
    });
    expect(JSON.stringify(list.body)).not.toContain(made.body.secret);
    const sample = await callApi(base, key, 'GET', '/api/v1/webhooks/samples/call.ended');
    expect(sample.body).toMatchObject({ type: 'call.ended', data: { durationSeconds: 94 } });
    const gone = await callApi(base, key, 'DELETE', `/api/v1/webhooks/${made.body.id}`);
    expect(gone.body).toEqual({ id: made.body.id, deleted: true });
    expect((await callApi(base, key, 'DELETE', `/api/v1/webhooks/${made.body.id}`)).status).toBe(404);
    await textComesIn(admin);
    expect(zap.got).toHaveLength(0);
    expect((await callApi(base, key, 'GET', '/api/v1/webhooks')).body).toEqual({ data: [] });
  });

  it('a subscription URL at a loopback address is refused without a packet leaving', async () => {
    const { key } = await setUp({});
    const canary = await startReceiver();
    for (const url of [
      canary.url,
      canary.url.replace('127.0.0.1', '[::ffff:127.0.0.1]'),
      'http://localhost/zap',
    ]) {
      const res = await subscribe(key, url);
      expect(res.status, url).toBe(400);
    }
    expect(canary.seen.connections).toBe(0);
    expect((await subscribe(key, 'https://hooks.zapier.com/hooks/standard/1/abc/')).status).toBe(200);
  });
});

describe('retries and the delivery log', () => {
  it('a receiver that fails 5 times then succeeds gets the delivery once, with 6 attempts in the log on the schedule', async () => {
    const { admin, key } = await setUp();
    const zap = await startReceiver([500, 500, 503, 500, 502, 200]);
    await subscribe(key, zap.url);
    await textComesIn(admin);
    for (const wait of WEBHOOK_RETRY_SCHEDULE_MS.slice(1, 6)) {
      await t.app.services.hookSender.flush();
      const before = zap.got.length;
      t.clock.advance(wait - 1);
      await t.app.services.hookSender.flush();
      expect(zap.got.length, 'not before its time').toBe(before);
      t.clock.advance(1);
      await t.app.services.hookSender.flush();
    }
    await t.app.services.hookSender.flush();
    expect(zap.got).toHaveLength(6);
    expect(new Set(zap.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await t.database.db.select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 6 });
    const endpoints = (await settings(admin, 'GET', '')).json().endpoints;
    const log = (await settings(admin, 'GET', `/${endpoints[0]._id}/deliveries`)).json().deliveries;
    expect(log).toHaveLength(1);
    expect(log[0].attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([
      500, 500, 503, 500, 502, 200,
    ]);
    expect(log[0].attempts[0].response).toBe('try later (1)');
    expect(log[0].attempts[5].response).toBe('ok, thanks');
    for (const a of log[0].attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('gives up after the 8th attempt', async () => {
    const { admin, key } = await setUp();
    const zap = await startReceiver([500]);
    await subscribe(key, zap.url);
    await textComesIn(admin);
    for (const wait of WEBHOOK_RETRY_SCHEDULE_MS.slice(1)) {
      t.clock.advance(wait);
      await t.app.services.hookSender.flush();
    }
    t.clock.advance(48 * 3_600_000);
    await t.app.services.hookSender.flush();
    expect(zap.got).toHaveLength(8);
    const [delivery] = await t.database.db.select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 8 });
  });

  it('resends one delivery as a new attempt with the same webhook-id', async () => {
    const { admin, key } = await setUp();
    const zap = await startReceiver();
    await subscribe(key, zap.url);
    await textComesIn(admin);
    const [delivery] = await t.database.db.select().from(webhookDeliveries);
    const res = await settings(admin, 'POST', `/deliveries/${delivery!.id}/resend`);
    expect(res.statusCode).toBe(200);
    await t.app.services.hookSender.flush();
    expect(zap.got).toHaveLength(2);
    expect(zap.got[1]!.headers['webhook-id']).toBe(zap.got[0]!.headers['webhook-id']);
    expect(await t.database.db.select().from(webhookAttempts)).toHaveLength(2);
    const other = await insertTeamAdmin(t, 'other@else.test');
    expect((await settings(other, 'POST', `/deliveries/${delivery!.id}/resend`)).statusCode).toBe(404);
  });

  it('an endpoint whose every attempt failed for 5 days is disabled and the team’s admins are told', async () => {
    const { admin, key } = await setUp();
    const zap = await startReceiver([500]);
    await subscribe(key, zap.url);
    await textComesIn(admin, 'first', 1);
    for (let day = 1; day <= 5; day++) {
      t.clock.advance(24 * 3_600_000);
      await textComesIn(admin, `day ${day}`, day + 1);
      await t.app.services.hookSender.flush();
    }
    const list = (await callApi(base, key, 'GET', '/api/v1/webhooks')).body as {
      data: { disabledAt: string }[];
    };
    expect(list.data[0]!.disabledAt).not.toBeNull();
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.userId));
    expect(told.map((n) => n.body).join('\n')).toContain(`Webhooks to ${zap.url} are turned off`);
    const hits = zap.got.length;
    await textComesIn(admin, 'after', 9);
    t.clock.advance(3_600_000);
    await t.app.services.hookSender.flush();
    expect(zap.got.length, 'nothing is sent to a disabled endpoint').toBe(hits);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets for 24 hours, so either verifies; then with the new one only', async () => {
    const { admin, key } = await setUp();
    const zap = await startReceiver();
    const made = await subscribe(key, zap.url);
    const rotated = await settings(admin, 'POST', `/${made.body.id}/rotate`);
    const fresh = rotated.json<{ secret: string }>().secret;
    expect(fresh).not.toBe(made.body.secret);
    expect((await settings(admin, 'POST', `/${made.body.id}/secret`)).json().secret).toBe(fresh);
    await textComesIn(admin, 'during', 1);
    const during = zap.got[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(made.body.secret, during, sentAt(during)).ok).toBe(true);
    expect(verify(fresh, during, sentAt(during)).ok).toBe(true);
    t.clock.advance(24 * 3_600_000 + 1000);
    await textComesIn(admin, 'after', 2);
    const after = zap.got[1]!;
    expect(verify(made.body.secret, after, sentAt(after)).ok).toBe(false);
    expect(verify(fresh, after, sentAt(after)).ok).toBe(true);
  });
});
