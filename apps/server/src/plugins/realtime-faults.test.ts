import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../test/app.js';

/**
 * Redis down: the app keeps answering, GET /api/health says realtime is degraded (still 200: the
 * process serves), events are dropped for other processes rather than queued or thrown, and it all
 * comes back by itself once Redis does.
 */

let t: TestApp | undefined;
let redis: ChildProcess | undefined;
afterEach(async () => {
  await t?.close();
  if (redis?.exitCode === null) redis.kill('SIGKILL');
  t = redis = undefined;
});

async function freePort() {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

async function startRedis(port: number) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => (c.end(), resolve(true)));
      c.on('error', () => resolve(false));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

/** Reads GET /api/health until `done` holds (a few seconds at most). */
async function healthUntil(done: (body: { status: string; realtime: { ok: boolean } }) => boolean) {
  let res;
  for (let i = 0; i < 200; i++) {
    res = await t!.app.inject({ method: 'GET', url: '/api/health' });
    if (done(res.json())) return res;
    await new Promise((r) => setTimeout(r, 50));
  }
  return res!;
}

describe('realtime with Redis down', () => {
  it('keeps serving, reports realtime degraded, and recovers when Redis is back', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    t = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` }, { realClock: true });
    const up = await healthUntil((b) => b.realtime.ok);
    expect(up.json()).toMatchObject({ status: 'ok', realtime: { ok: true, mode: 'redis' } });
    const { token, user } = await loginAs(t, 'redis-down@example.com');

    redis.kill('SIGKILL');
    const down = await healthUntil((b) => !b.realtime.ok);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({
      status: 'degraded',
      database: { ok: true },
      realtime: { ok: false },
    });
    // Events while down are dropped for other processes, never thrown nor left unhandled.
    t.app.realtime.toTeam(user.team._id, 'memberPresence', { userId: user._id, online: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
    expect(logout.statusCode).toBeLessThan(300);

    redis = await startRedis(port);
    const back = await healthUntil((b) => b.realtime.ok);
    expect(back.json()).toMatchObject({ status: 'ok', realtime: { ok: true } });
  });

  it('reports one process without Redis as realtime ok, mode local', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().realtime).toEqual({ ok: true, mode: 'local' });
  });
});
