import { type DiallerAck } from '@prospector/core';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { realtimeClients } from '../../test/sockets.js';

/**
 * Issue 36 item 6: a socket's actions are judged on the member's permissions as they are now. Taking
 * `calls` away stops the same open socket from joining or starting the dialler; a logged-out session's
 * socket is told and closed at its next action.
 */
let t: TestApp;
let admin: TestUser;
let clients: Awaited<ReturnType<typeof realtimeClients>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'boss@perm-sockets.test');
  clients = await realtimeClients(t);
}, 60_000);
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

const emit = (s: Socket, event: 'joinDialler' | 'editMember', payload: object) =>
  s.timeout(10_000).emitWithAck(event, payload) as Promise<DiallerAck>;
const setPermissions = (member: TestUser, permissions: string[]) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/teams/editMember',
    headers: admin.headers,
    payload: { _id: member.userId, name: 'Cal', phone: '', permissions, dataAccess: 'All data' },
  });

describe('permission changes reach open sockets', () => {
  it('a member whose calls permission is taken away cannot join or start the dialler on the socket they kept open', async () => {
    const cal = await insertMember(t, admin.teamId, 'cal@perm-sockets.test', {
      permissions: ['calls'],
      dataAccess: 'All data',
    });
    const socket = await clients.connect(cal);
    expect((await emit(socket, 'joinDialler', {})).ok).toBe(true);
    expect((await setPermissions(cal, [])).statusCode).toBe(200);
    expect((await emit(socket, 'joinDialler', {})).ok).toBe(false);
    expect((await emit(socket, 'editMember', { action: 'start' })).ok).toBe(false);
    // Given back, the same socket works again.
    expect((await setPermissions(cal, ['calls'])).statusCode).toBe(200);
    expect((await emit(socket, 'joinDialler', {})).ok).toBe(true);
  });

  it("a logged-out session's socket is told and closed at its next action", async () => {
    const mo = await insertMember(t, admin.teamId, 'mo@perm-sockets.test', {
      permissions: ['calls'],
      dataAccess: 'All data',
    });
    const socket = await clients.connect(mo);
    // The session is ended behind the realtime layer's back (straight in the database).
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, mo.userId));
    const told = new Promise<{ reason: string }>((r) => socket.once('sessionRevoked', r));
    const closed = new Promise<string>((r) => socket.once('disconnect', r));
    socket.emit('joinDialler', {}, () => {});
    expect(await told).toEqual({ reason: 'revoked' });
    expect(await closed).toBe('io server disconnect');
  });
});
