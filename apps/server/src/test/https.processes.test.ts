import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import https from 'node:https';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client.js';
import { messages, smsJobs } from '../db/schema/index.js';
import { HAPROXY, startBalancer, type Balancer } from './balancer.js';
import { insertContact } from './factories.js';
import { startFakeBlueBubbles, type FakeBlueBubbles } from './fake-bluebubbles.js';
import { FakeSmsGatewayApp } from './fake-sms-gateway-app.js';
import { createEmptyPostgres, freePort, startServerProcess, type ServerProcess } from './server-process.js';
import { startSmtp, type TestSmtp } from './smtp.js';
import { makeTestCa, type TestCa } from './test-ca.js';

/**
 * Issue 29, item 5: the server behind deploy/haproxy.cfg with TLS, as a team runs it with a Let's
 * Encrypt certificate, here one signed by a CA made for the run. Every client trusts that CA only
 * (and is refused without it): the browser's calls and realtime socket, and the SMS Gateway app in
 * private server mode (registering by code, its event stream, pulls, state reports, signed webhooks),
 * and a Mac's BlueBubbles Server posting its webhooks to the https address the product registered.
 * Skipped only on a developer's machine without haproxy; CI installs it (.ci/run).
 */
const skip = !existsSync(HAPROXY) && !process.env.CI;

type Answer = { status: number; headers: IncomingHttpHeaders; text: string };

let tls: TestCa;
let pgdb: Awaited<ReturnType<typeof createEmptyPostgres>>;
let database: Database;
let teamId: string;
let phoneApp: FakeSmsGatewayApp | undefined;
let mac: FakeBlueBubbles | undefined;
let smtp: TestSmtp;
let server: ServerProcess;
let lb: Balancer;
let dataDir: string;
let base: string;
let token: string;
/** certbot's stand-in behind the acme backend: what HAProxy forwarded to it. */
let acme: Server;
const acmeSeen: IncomingHttpHeaders[] = [];

/** An HTTPS request trusting only the test CA (or `ca: undefined`: the machine's usual roots). */
function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; ca?: string | null } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: opts.method ?? 'GET',
        headers: opts.headers,
        ca: opts.ca === null ? undefined : (opts.ca ?? tls.ca),
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.once('error', reject);
    req.end(opts.body);
  });
}

/** `fetch` over {@link request}: the fake app's calls, trusting only the test CA. */
const caFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const res = await request(String(input), {
    method: init?.method ?? 'GET',
    headers: init?.headers as Record<string, string> | undefined,
    body: init?.body as string | undefined,
  });
  const empty = [204, 205, 304].includes(res.status);
  return new Response(empty ? null : res.text, {
    status: res.status,
    headers: { 'content-type': String(res.headers['content-type'] ?? 'text/plain') },
  });
}) as typeof fetch;

async function waitFor(what: string, check: () => Promise<boolean>, limitMs = 30_000) {
  const until = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`still waiting for ${what} after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function api<T>(method: string, url: string, body?: object): Promise<T> {
  const res = await request(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

beforeAll(async () => {
  if (skip) return;
  tls = makeTestCa();
  smtp = await startSmtp();
  pgdb = await createEmptyPostgres('https');
  database = openPostgres(pgdb.url, 2);
  await database.migrate();
  acme = createServer((req, res) => {
    acmeSeen.push(req.headers);
    res.end(`token for ${req.url}`);
  });
  await new Promise<void>((resolve) => acme.listen(0, '127.0.0.1', resolve));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospector-https-'));
  const httpsPort = await freePort();
  base = `https://127.0.0.1:${httpsPort}`;
  // One process behind both of the balancer's server lines (two are cluster.processes.test.ts's part).
  server = await startServerProcess({
    DATABASE_URL: pgdb.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: base,
    TRUST_PROXY: 'true',
    // The fake Mac listens on loopback; no timed poll, so its states and replies come by webhook only.
    REMOTE_DEVICES_ALLOW_LOOPBACK: 'true',
    REMOTE_DEVICES_POLL_MS: '3600000',
  });
  lb = await startBalancer([server.port, server.port], {
    certFile: tls.pemFile,
    httpsPort,
    acme: `127.0.0.1:${(acme.address() as AddressInfo).port}`,
  });
}, 120_000);

afterAll(async () => {
  phoneApp?.kill();
  await mac?.close();
  await lb?.stop();
  await server?.stop();
  await database?.close();
  await pgdb?.drop();
  await smtp?.close();
  if (acme) await new Promise((r) => acme.close(r));
  tls?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(skip)('the server behind HAProxy with TLS', { timeout: 60_000 }, () => {
  it('answers over https to a client that trusts the CA, and refuses the connection to one that does not', async () => {
    const health = await request(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000');
    await expect(request(`${base}/api/health`, { ca: null })).rejects.toMatchObject({
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
  });

  it('speaks HTTP/2 to browsers that ask for it', async () => {
    const session = http2.connect(base, { ca: tls.ca });
    try {
      const answer = await new Promise<{ status: number; protocol: string | undefined }>(
        (resolve, reject) => {
          const req = session.request({ ':path': '/api/health' });
          req.once('response', (h) =>
            resolve({ status: Number(h[':status']), protocol: session.alpnProtocol }),
          );
          req.once('error', reject);
          req.end();
        },
      );
      expect(answer).toEqual({ status: 200, protocol: 'h2' });
    } finally {
      session.close();
    }
  });

  it('sends plain http to https, except the challenges of Let’s Encrypt, which reach certbot', async () => {
    const plain = await fetch(`${lb.url}/settings/devices?tab=1`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toMatch(
      /^https:\/\/127\.0\.0\.1(:\d+)?\/settings\/devices\?tab=1$/,
    );

    const challenge = await fetch(`${lb.url}/.well-known/acme-challenge/abc`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(await challenge.text()).toBe('token for /.well-known/acme-challenge/abc');
    // What the servers are told: the real client's address only, and the scheme it used.
    expect(acmeSeen.at(-1)).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' });
    const overTls = await request(`${base}/.well-known/acme-challenge/def`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(acmeSeen.at(-1)).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'https' });
    // HAProxy's own HSTS, on an answer that did not come from the app (which sends its own).
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('logs a member in over https, and their realtime socket connects through it and upgrades to a WebSocket', async () => {
    const email = 'owner@https.test';
    await api('POST', '/api/users/sendCode', { email });
    const session = await api<{ token: string; user: { team: { _id: string } } }>(
      'POST',
      '/api/users/login',
      {
        email,
        code: await smtp.codeFor(email),
      },
    );
    token = session.token;
    teamId = session.user.team._id;

    // The browser's way: long-polling first, then the upgrade, through the balancer's sticky cookie.
    const socket: Socket = io(base, {
      auth: { token },
      ca: tls.ca,
      reconnection: false,
      withCredentials: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('init', () => resolve());
        socket.once('connect_error', reject);
      });
      if (socket.io.engine.transport.name !== 'websocket')
        await new Promise((r) => socket.io.engine.once('upgrade', r));
      expect(socket.io.engine.transport.name).toBe('websocket');
      const heard = new Promise<void>((resolve) => socket.once('devicesChanged', () => resolve()));
      await api('POST', '/api/services/addNumber', { phoneType: 'Android', value: '+1 213 621 0147' });
      await heard;
    } finally {
      socket.disconnect();
    }
  });

  it('the SMS Gateway app registers by code, gets a text over its event stream, reports its states and posts a signed reply, all through HAProxy', async () => {
    const phoneNumber = '+12136210150';
    const made = await api<{ code: string; apiUrl: string; device: { _id: string } }>(
      'POST',
      '/api/services/smsGatewayCode',
      { value: phoneNumber },
    );
    // The API URL the agent types in the app is the https address (PUBLIC_URL), not the process's.
    expect(made.apiUrl).toBe(`${base}/api/mobile/v1`);
    phoneApp = new FakeSmsGatewayApp({
      apiUrl: made.apiUrl,
      phoneNumber,
      tls: { ca: tls.ca, fetch: caFetch },
    });
    await phoneApp.register(made.code.replace(/\s/g, ''));
    // The webhooks the server gives the phone point at the https address too.
    expect(phoneApp.webhooks.map((w) => w.url.startsWith(`${base}/api/mobile/v1/webhooks/`))).toEqual(
      phoneApp.webhooks.map(() => true),
    );
    const streaming = phoneApp.connected();
    phoneApp.start();
    await streaming;
    const connected = async () =>
      (
        await api<{ devices: { _id: string; connected: boolean }[] }>('GET', '/api/services/devices')
      ).devices.find((d) => d._id === made.device._id)?.connected === true;
    await waitFor('the phone to show connected', connected);

    // A text written on the record reaches the phone: announced on its stream, pulled, sent, reported.
    const contact = await insertContact(database.db, teamId, { first: 'Ada', phones: ['+1 213 621 0161'] });
    await api('POST', '/api/messages/sendSms', {
      dataId: contact.id,
      to: '+1 213 621 0161',
      body: 'Hi Ada, over TLS',
    });
    await waitFor('the text to leave the phone', async () => phoneApp!.sent.length === 1);
    expect(phoneApp.sent[0]).toMatchObject({ to: '+12136210161', text: 'Hi Ada, over TLS' });
    expect(phoneApp.events).toContain('MessageEnqueued');
    await waitFor('the delivered state on the server', async () => {
      const [job] = await database.db.select().from(smsJobs).where(eq(smsJobs.teamId, teamId));
      return job?.state === 'delivered';
    });

    // Ada answers: the phone posts the signed webhook through HAProxy, and the reply lands in her thread.
    phoneApp.receive('+12136210161', 'Yes, over TLS too');
    await waitFor('the reply in the thread', async () => {
      const rows = await database.db
        .select()
        .from(messages)
        .where(and(eq(messages.teamId, teamId), eq(messages.body, 'Yes, over TLS too')));
      return rows.length === 1 && rows[0]!.direction === 'in' && rows[0]!.itemId === contact.id;
    });
    expect(phoneApp.webhookAnswers.length).toBeGreaterThan(0);
    expect(phoneApp.webhookAnswers.every((s) => s === 204)).toBe(true);
  });

  it('a Mac with BlueBubbles is added over https, and its webhooks come back through HAProxy’s TLS front: the text’s delivery and the reply land in the thread', async () => {
    // BlueBubbles Server's webhook client (axios in the real one) trusts the test CA, as a Mac whose
    // keychain has it would; the Mac's own REST API is plain http on the LAN, as BlueBubbles serves it.
    mac = await startFakeBlueBubbles({ fetch: caFetch });
    const macNumber = '+12136210170';
    const added = await api<{ device: { transport: string; connected: boolean } }>(
      'POST',
      '/api/services/addBlueBubbles',
      { url: mac.url, password: mac.password, value: macNumber },
    );
    expect(added.device).toMatchObject({ transport: 'bluebubbles', connected: true });
    expect(mac.webhooks.map((h) => h.url)).toEqual([
      expect.stringMatching(new RegExp(`^${base}/api/remote/bluebubbles/[0-9a-f-]{36}/[\\w-]{24,}$`)),
    ]);

    const to = '+12136210171';
    const contact = await insertContact(database.db, teamId, { first: 'Bea', phones: ['+1 213 621 0171'] });
    await api('POST', '/api/messages/sendSms', {
      dataId: contact.id,
      to,
      body: 'Hi Bea, from the Mac',
      from: macNumber,
    });
    await waitFor('the text to leave the Mac', async () => mac!.sends.length === 1);
    expect(mac.messages[0]).toMatchObject({ text: 'Hi Bea, from the Mac', handle: { address: to } });
    const state = async () =>
      (
        await database.db
          .select()
          .from(smsJobs)
          .where(and(eq(smsJobs.teamId, teamId), eq(smsJobs.to, to)))
      )[0]?.state;
    await waitFor('the sent state', async () => (await state()) === 'sent');

    // Messages marks it delivered: BlueBubbles posts updated-message to the https webhook.
    await mac.deliverAll();
    await waitFor('the delivered state from the webhook', async () => (await state()) === 'delivered');

    // Bea answers on her iPhone: new-message, through HAProxy, into her thread.
    await mac.reply(to, 'Yes, over TLS from the Mac');
    await waitFor('the reply in the thread', async () => {
      const rows = await database.db
        .select()
        .from(messages)
        .where(and(eq(messages.teamId, teamId), eq(messages.body, 'Yes, over TLS from the Mac')));
      return rows.length === 1 && rows[0]!.direction === 'in' && rows[0]!.itemId === contact.id;
    });
    // Every webhook (the sent text's new-message, updated-message, the reply) was taken over TLS.
    await waitFor('the three webhooks answered', async () => mac!.webhookAnswers.length === 3);
    expect(mac.webhookAnswers).toEqual([200, 200, 200]);
  });
});
