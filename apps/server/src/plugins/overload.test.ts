import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { overloadPlugin, type OverloadOptions } from './overload.js';

/**
 * Load shedding: over the limit a new API request is refused at once with 503 and Retry-After, while
 * the requests already taken are still being answered (it never waits behind them); the health route
 * is always answered.
 */

let app: FastifyInstance | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  await t?.close();
  app = t = undefined;
});

/** A server whose slow route holds its answer until `release()`. */
async function start(opts: OverloadOptions) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  app = Fastify({ logger: false });
  await app.register(overloadPlugin, opts);
  app.get('/api/slow', async () => {
    await gate;
    return { ok: true };
  });
  app.get('/api/fast', async () => ({ ok: true }));
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/index.html', async () => 'page');
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { url, release };
}

describe('overload', () => {
  it('refuses a flood over the in-flight limit with fast 503s while the requests it took are still held', async () => {
    const { url, release } = await start({ maxInFlight: 3, maxLoopDelayMs: 0 });
    let heldDone = 0;
    const held = Array.from({ length: 3 }, () =>
      fetch(`${url}/api/slow`).then((r) => {
        heldDone++;
        return r.status;
      }),
    );
    // The three are in flight once the fast route behind them is refused.
    for (let i = 0; i < 100; i++) {
      const r = await fetch(`${url}/api/fast`);
      await r.arrayBuffer();
      if (r.status === 503) break;
    }
    const flood = await Promise.all(Array.from({ length: 20 }, () => fetch(`${url}/api/fast`)));
    expect(flood.map((r) => r.status)).toEqual(Array(20).fill(503));
    expect(flood[0]!.headers.get('retry-after')).toBe('1');
    expect(await flood[0]!.json()).toMatchObject({ code: 'UNAVAILABLE' });
    // Answered while the held requests have not been: the refusals did not queue behind them.
    expect(heldDone).toBe(0);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/index.html`)).status).toBe(200);

    release();
    expect(await Promise.all(held)).toEqual([200, 200, 200]);
    expect((await fetch(`${url}/api/fast`)).status).toBe(200);
  });

  it('counts a request whose client went away as finished', async () => {
    const { url, release } = await start({ maxInFlight: 1, maxLoopDelayMs: 0 });
    const abort = new AbortController();
    const gone = fetch(`${url}/api/slow`, { signal: abort.signal }).catch(() => 'aborted');
    let status = 0;
    for (let i = 0; i < 100 && status !== 503; i++) status = (await fetch(`${url}/api/fast`)).status;
    expect(status).toBe(503);
    abort.abort();
    expect(await gone).toBe('aborted');
    for (let i = 0; i < 100 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 10));
      status = (await fetch(`${url}/api/fast`)).status;
    }
    expect(status).toBe(200);
    release();
  });

  it('refuses API requests while the event loop is delayed over the limit, and takes them again after', async () => {
    let delay = 5000;
    await start({ maxInFlight: 0, maxLoopDelayMs: 100, sampleMs: 10, loopDelayMs: () => delay });
    const busy = await app!.inject({ method: 'GET', url: '/api/fast' });
    expect(busy.statusCode).toBe(503);
    expect((await app!.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    delay = 5;
    await new Promise((r) => setTimeout(r, 50));
    expect((await app!.inject({ method: 'GET', url: '/api/fast' })).statusCode).toBe(200);
  });

  it('is on in the app with the configured limits', async () => {
    t = await buildTestApp({ OVERLOAD_MAX_IN_FLIGHT: 0, OVERLOAD_MAX_LOOP_DELAY_MS: 1 });
    // Block the event loop well past 1 ms, then let the sampler read it.
    const until = Date.now() + 50;
    while (Date.now() < until);
    await new Promise((r) => setTimeout(r, 600));
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE' });
  });
});
