import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import https from 'node:https';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAPROXY, startBalancer, type Balancer } from './balancer.js';
import { freePort, startServerProcess, type ServerProcess } from './server-process.js';
import { startSmtp, type TestSmtp } from './smtp.js';
import { makeTestCa, type TestCa } from './test-ca.js';

/**
 * Issue 29, item 5: the server behind deploy/haproxy.cfg with TLS, as a team runs it with a Let's
 * Encrypt certificate, here one signed by a CA made for the run. Every client trusts that CA only
 * (and is refused without it): the browser's calls and realtime socket, and the phone's calls.
 * Skipped only on a developer's machine without haproxy; CI installs it (.ci/run).
 */
const skip = !existsSync(HAPROXY) && !process.env.CI;

type Answer = { status: number; headers: IncomingHttpHeaders; text: string };

let tls: TestCa;
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
  acme = createServer((req, res) => {
    acmeSeen.push(req.headers);
    res.end(`token for ${req.url}`);
  });
  await new Promise<void>((resolve) => acme.listen(0, '127.0.0.1', resolve));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'prospector-https-'));
  const httpsPort = await freePort();
  base = `https://127.0.0.1:${httpsPort}`;
  // One process (the embedded database) behind both of the balancer's server lines.
  server = await startServerProcess({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: base,
    TRUST_PROXY: 'true',
  });
  lb = await startBalancer([server.port, server.port], {
    certFile: tls.pemFile,
    httpsPort,
    acme: `127.0.0.1:${(acme.address() as AddressInfo).port}`,
  });
}, 120_000);

afterAll(async () => {
  await lb?.stop();
  await server?.stop();
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
    const session = await api<{ token: string }>('POST', '/api/users/login', {
      email,
      code: await smtp.codeFor(email),
    });
    token = session.token;

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
});
