import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin } from '../../test/factories.js';

let t: TestApp;
let socket: Socket | undefined;
beforeEach(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  socket?.disconnect();
  await t.close();
});

describe('live notifications', () => {
  it('a mentioned member receives the notification and the new unread count on their socket', async () => {
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const member = await insertMember(t, admin.teamId, 'mo@acme.test', {
      name: 'Mo',
      dataAccess: 'All data',
    });
    const contact = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    socket = io(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, {
      auth: { token: member.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise((r) => socket!.once('init', r));
    const received = new Promise<{ notification: { body: string; targetId: string }; unread: number }>((r) =>
      socket!.once('notification', r),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/messages/add',
      headers: admin.headers,
      payload: { body: 'Look @Mo', dataId: contact.id, dataType: 'contact', mentions: [member.userId] },
    });
    const got = await received;
    expect(got.unread).toBe(1);
    expect(got.notification).toMatchObject({ body: 'Ada Admin mentioned you', targetId: contact.id });
  });
});
