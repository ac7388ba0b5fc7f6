import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, vi } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { insertTeamAdmin } from '../../test/factories.js';
import { callApi, makeKey } from './public-api.test-support.js';

type Hit = { url: string; headers: IncomingHttpHeaders; body: string };
export type Envelope = { type: string; data: Record<string, unknown> };

/** A Zapier-like catch hook on loopback: records each POST and answers 200. */
export async function startCatchHook() {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    hits,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/catch`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The hit as `standardwebhooks` reads it at the time it was signed (its tolerance reads Date.now()). */
function verified(secret: string, hit: Hit): Envelope {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Number(hit.headers['webhook-timestamp']) * 1000));
  try {
    return new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as Envelope;
  } finally {
    vi.useRealTimers();
  }
}

let teams = 0;
/** A team with a key and a subscription to `contact.created` (each team's hook its own path). */
export async function subscribedTeam(
  t: TestApp,
  base: string,
  hook: { hits: Hit[]; url: string },
  domain = 'created.test',
) {
  const n = ++teams;
  const admin = await insertTeamAdmin(t, `admin${n}@${domain}`);
  const { key } = await makeKey(t, admin);
  const made = await callApi(base, key, 'POST', '/api/v1/webhooks', {
    url: `${hook.url}/${n}`,
    events: ['contact.created'],
  });
  expect(made.status).toBe(200);
  const secret = made.body['secret'] as string;
  const path = `/catch/${n}`;
  /** What reached this team's hook, each verified with the `standardwebhooks` package as a receiver would. */
  async function received(): Promise<Envelope[]> {
    await t.app.services.webhooks.settle();
    await t.app.services.hookSender.flush();
    return hook.hits.filter((h) => h.url === path).map((h) => verified(secret, h));
  }
  return { admin, key, received, n };
}
