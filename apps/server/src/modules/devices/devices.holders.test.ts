import { DEVICE_NAMESPACE, DEVICE_UNAUTHORIZED, type PermissionKey } from '@prospector/core';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';

/**
 * Issue 36: a phone shows its holder every text it carries, so only a member who may read every
 * record holds one (ADR 031). A device paired while the member could must stop the moment they no
 * longer can: their access narrowed, the `phones` permission taken away, or they left the team.
 */
let t: TestApp;
let admin: TestUser;
let member: TestUser;
let base: string;
const sockets: Socket[] = [];
const holder = { dataAccess: 'All data' as const, permissions: ['phones', 'sms'] as PermissionKey[] };

beforeEach(async () => {
  t = await buildTestApp({}, { realClock: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  member = await insertMember(t, admin.teamId, 'pat@acme.test', { name: 'Pat', ...holder });
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await t.close();
});

/** Adds an Android phone as `user` and takes its agent's token, as the Devices screen does. */
async function pairPhone(user: TestUser, value: string) {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/services/addNumber',
    headers: user.headers,
    payload: { phoneType: 'Android', value },
  });
  expect(added.statusCode, added.body).toBe(200);
  const id = added.json().device._id as string;
  const paired = await t.app.inject({
    method: 'GET',
    url: `/api/services/pairing/${id}`,
    headers: user.headers,
  });
  expect(paired.statusCode, paired.body).toBe(200);
  return { id, token: paired.json().deviceToken as string };
}

/** The phone's agent connects; answers once the server said hello, or the refusal. */
function connect(token: string) {
  const socket = io(base + DEVICE_NAMESPACE, {
    auth: { token, platform: 'sim', agentVersion: 'test' },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  const outcome = new Promise<'hello' | string>((resolve) => {
    socket.once('hello', () => resolve('hello'));
    socket.once('connect_error', (err) => resolve(err.message));
  });
  const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
  return { socket, outcome, closed };
}

const editMember = (change: { permissions?: PermissionKey[]; dataAccess?: 'All data' | 'Only assigned' }) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/teams/editMember',
    headers: admin.headers,
    payload: { _id: member.userId, name: 'Pat', phone: '', ...holder, ...change },
  });

async function connectedOf(id: string) {
  const list = await t.app.inject({ method: 'GET', url: '/api/services/devices', headers: admin.headers });
  return (list.json().devices as { _id: string; connected: boolean }[]).find((d) => d._id === id)?.connected;
}

describe("a member's phone follows their access", () => {
  it("is disconnected and refused at once when the member's access narrows to 'Only assigned'", async () => {
    const phone = await pairPhone(member, '+19165550101');
    const agent = connect(phone.token);
    expect(await agent.outcome).toBe('hello');
    const edited = await editMember({ dataAccess: 'Only assigned' });
    expect(edited.statusCode, edited.body).toBe(200);
    await agent.closed;
    expect(await connect(phone.token).outcome).toBe(DEVICE_UNAUTHORIZED);
    expect(await connectedOf(phone.id)).toBe(false);
  });

  it("is disconnected and refused when the member's phones permission is taken away", async () => {
    const phone = await pairPhone(member, '+19165550102');
    const agent = connect(phone.token);
    expect(await agent.outcome).toBe('hello');
    expect((await editMember({ permissions: ['sms'] })).statusCode).toBe(200);
    await agent.closed;
    expect(await connect(phone.token).outcome).toBe(DEVICE_UNAUTHORIZED);
  });

  it('keeps working through an edit that leaves the member able to hold it, and the admin can pair it again', async () => {
    const phone = await pairPhone(member, '+19165550103');
    const own = await pairPhone(admin, '+19165550104');
    expect((await editMember({ permissions: ['phones', 'sms', 'calls'] })).statusCode).toBe(200);
    expect(await connect(phone.token).outcome).toBe('hello');
    expect((await editMember({ dataAccess: 'Only assigned' })).statusCode).toBe(200);
    // Another holder's device is untouched; the member's one works again once the admin pairs it.
    expect(await connect(own.token).outcome).toBe('hello');
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/services/pairing/${phone.id}`,
      headers: admin.headers,
    });
    expect(again.json().deviceToken).not.toBe(phone.token);
    expect(await connect(again.json().deviceToken).outcome).toBe('hello');
  });

  it('is refused once the member leaves the team', async () => {
    const phone = await pairPhone(member, '+19165550105');
    const removed = await t.app.inject({
      method: 'PATCH',
      url: '/api/teams/removeMember',
      headers: admin.headers,
      payload: { userId: member.userId, assignedTo: [] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await connect(phone.token).outcome).toBe(DEVICE_UNAUTHORIZED);
  });
});
