import type { AddressInfo } from 'node:net';
import { SOCKET_UNAUTHORIZED } from '@prospector/core';
import { io, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../test/app.js';
import { insertContact, insertMember, insertTeamAdmin } from '../test/factories.js';

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

describe('sockets follow the access of their user (issue 15 item 4)', () => {
  const editAccess = (headers: object, userId: string, dataAccess: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/teams/editMember',
      headers: headers as Record<string, string>,
      payload: { _id: userId, name: 'Mo', phone: '', permissions: [], dataAccess },
    });
  const statusOf = (headers: object, dataId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/items/changeStatus',
      headers: headers as Record<string, string>,
      payload: { dataId, status: 'Not contacted' },
    });

  it("a member switched to 'Only assigned' stops hearing other records at once, and hears them again when switched back", async () => {
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const mo = await insertMember(t, admin.teamId, 'mo@acme.test', { dataAccess: 'All data' });
    const record = (await insertContact(t.database.db, admin.teamId, { phones: ['+19164567810'] })).id;
    const s = connect(mo.token);
    await next(s, 'init');
    const heard: unknown[] = [];
    s.on('itemChanged', (p) => heard.push(p));
    await statusOf(admin.headers, record);
    await expect.poll(() => heard.length).toBe(1);

    expect((await editAccess(admin.headers, mo.userId, 'Only assigned')).statusCode).toBe(200);
    await statusOf(admin.headers, record);
    await new Promise((r) => setTimeout(r, 150));
    expect(heard).toHaveLength(1);
    expect(s.connected).toBe(true);

    await editAccess(admin.headers, mo.userId, 'All data');
    await statusOf(admin.headers, record);
    await expect.poll(() => heard.length).toBe(2);
  });

  it('a removed member is told and their sockets close, and they cannot connect again', async () => {
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const mo = await insertMember(t, admin.teamId, 'mo@acme.test');
    const s = connect(mo.token);
    await next(s, 'init');
    const told = next<{ reason: string }>(s, 'sessionRevoked');
    const closed = next(s, 'disconnect');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/teams/removeMember',
      headers: admin.headers,
      payload: { userId: mo.userId, assignedTo: [] },
    });
    expect(res.statusCode).toBe(200);
    expect(await told).toEqual({ reason: 'removed' });
    await closed;
    expect((await next<Error>(connect(mo.token), 'connect_error')).message).toBe(SOCKET_UNAUTHORIZED);
  });
});

describe('realtime across processes', () => {
  it('a member removed through one server loses the sockets they hold on another, through Redis', async () => {
    const redisUrl = 'redis://127.0.0.1:6379';
    const a = await buildTestApp({ REDIS_URL: redisUrl });
    const b = await buildTestApp({ REDIS_URL: redisUrl }, { database: a.database });
    try {
      const admin = await insertTeamAdmin(a, 'admin@multi.test');
      const mo = await insertMember(a, admin.teamId, 'mo@multi.test');
      await b.app.listen({ host: '127.0.0.1', port: 0 });
      const s = io(`http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`, {
        auth: { token: mo.token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(s);
      await next(s, 'init');
      const closed = next(s, 'disconnect');
      await a.app.inject({
        method: 'PATCH',
        url: '/api/teams/removeMember',
        headers: admin.headers,
        payload: { userId: mo.userId, assignedTo: [] },
      });
      await closed;
      expect(s.connected).toBe(false);
    } finally {
      sockets.splice(0).forEach((x) => x.disconnect());
      await b.close();
      await a.close();
    }
  });

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
