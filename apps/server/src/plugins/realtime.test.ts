import type { AddressInfo } from 'node:net';
import { SOCKET_UNAUTHORIZED } from '@prospector/core';
import { io, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../test/app.js';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeEach(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.disconnect());
  await t.close();
});

function connect(token: string) {
  const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(s);
  return s;
}
const next = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve));

describe('realtime', () => {
  it('greets a client with a good token and delivers team events to it', async () => {
    const { token, user } = await loginAs(t, 'rt@example.com');
    const s = connect(token);
    const init = await next<{ user: { _id: string } }>(s, 'init');
    expect(init.user._id).toBe(user._id);
    const got = next<{ userId: string; online: boolean }>(s, 'memberPresence');
    t.app.realtime.toTeam(user.team._id, 'memberPresence', { userId: 'someone', online: true });
    expect(await got).toEqual({ userId: 'someone', online: true });
  });

  it('refuses a bad token', async () => {
    const s = connect('not-a-token');
    const err = await next<Error>(s, 'connect_error');
    expect(err.message).toBe(SOCKET_UNAUTHORIZED);
    expect(s.connected).toBe(false);
  });

  it("does not deliver one team's events to another team", async () => {
    const a = await loginAs(t, 'a@example.com', '203.0.113.20');
    const b = await loginAs(t, 'b@example.com', '203.0.113.21');
    const sa = connect(a.token);
    const sb = connect(b.token);
    await Promise.all([next(sa, 'init'), next(sb, 'init')]);
    const seenByB: unknown[] = [];
    sb.on('memberPresence', (p) => seenByB.push(p));
    const seenByA = next(sa, 'memberPresence');
    t.app.realtime.toTeam(a.user.team._id, 'memberPresence', { userId: 'x', online: false });
    await seenByA;
    await new Promise((r) => setTimeout(r, 100));
    expect(seenByB).toEqual([]);
  });

  it('ends the sockets of a session on logout', async () => {
    const { token } = await loginAs(t, 'out@example.com');
    const s = connect(token);
    await next(s, 'init');
    const revoked = next<{ reason: string }>(s, 'sessionRevoked');
    const closed = next(s, 'disconnect');
    await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
    expect(await revoked).toEqual({ reason: 'logout' });
    await closed;
    const again = connect(token);
    expect((await next<Error>(again, 'connect_error')).message).toBe(SOCKET_UNAUTHORIZED);
  });
});

describe('realtime across processes', () => {
  it('delivers a team event emitted by one server to a socket connected to another, through Redis', async () => {
    const redisUrl = 'redis://127.0.0.1:6379';
    const a = await buildTestApp({ REDIS_URL: redisUrl });
    const b = await buildTestApp({ REDIS_URL: redisUrl });
    try {
      // Two servers on two databases stand in for two processes; the user exists on B.
      const { token, user } = await loginAs(b, 'multi@example.com');
      await b.app.listen({ host: '127.0.0.1', port: 0 });
      const s = io(`http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(s);
      await next(s, 'init');
      const got = next<{ userId: string; online: boolean }>(s, 'memberPresence');
      a.app.realtime.toTeam(user.team._id, 'memberPresence', { userId: 'from-a', online: true });
      expect(await got).toEqual({ userId: 'from-a', online: true });
    } finally {
      sockets.splice(0).forEach((x) => x.disconnect());
      await a.close();
      await b.close();
    }
  });
});
