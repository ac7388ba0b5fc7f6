import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m, type DiallerAck } from '@prospector/core';
import { identifiers, items, messages } from '../../db/schema/index.js';
import { createSimulatedVoice, type SimulatedOutcome } from '../../providers/voice/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { realtimeClients } from '../../test/sockets.js';
import { vmSignature } from './calls.plugin.js';
import { TINY_OPUS } from './calls.test-support.js';

const voice = createSimulatedVoice({ playMs: 30 });
const script = new Map<string, SimulatedOutcome>();
voice.setScript((c) => script.get(c.to) ?? { result: 'no-answer', ringMs: 20 });

let t: TestApp;
let admin: TestUser;
let caller: TestUser;
let plain: TestUser;
let other: TestUser;
let clients: Awaited<ReturnType<typeof realtimeClients>>;
let socket: Socket;

const call = (u: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
const upload = (u: TestUser, bytes: Buffer, name?: string) => {
  const f = multipartFile('vm.ogg', bytes, 'vm');
  return t.app.inject({
    method: 'POST',
    url: '/api/calls/recordVm',
    headers: { ...u.headers, 'content-type': f.contentType },
    payload: f.payload,
    ...(name ? {} : {}),
  });
};
const emit = (event: 'joinDialler' | 'editMember', payload: object) =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<DiallerAck>;

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      voice,
      phoneZones: (p) => Promise.resolve(p.startsWith('+1808') ? ['Pacific/Honolulu'] : ['America/New_York']),
    },
  );
  admin = await insertTeamAdmin(t, 'boss@calls.test');
  caller = await insertMember(t, admin.teamId, 'cal@calls.test', {
    permissions: ['calls'],
    dataAccess: 'All data',
  });
  plain = await insertMember(t, admin.teamId, 'plain@calls.test');
  other = await insertTeamAdmin(t, 'boss@other.test');
  clients = await realtimeClients(t);
  socket = await clients.connect(caller);
}, 60_000);
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

describe('numbers', () => {
  it("refuses to start dialling without a number, with the spec's words", async () => {
    expect((await emit('joinDialler', {})).ok).toBe(true);
    expect(await emit('editMember', { action: 'start' })).toEqual({ ok: false, message: m.dialler.noPhones });
  });
  it('are bought by admins or the phones permission only', async () => {
    const refused = await call(caller, 'POST', '/api/calls/buyNumber', { areaCode: '212' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.dialler.numbersPermission);
    const bought = await call(admin, 'POST', '/api/calls/buyNumber', { areaCode: '212' });
    expect(bought.statusCode).toBe(200);
    expect((await call(caller, 'GET', '/api/calls/dialler')).json()).toMatchObject({
      provider: 'simulated',
      numbers: [{ number: bought.json().number.number }],
    });
    expect((await call(other, 'GET', '/api/calls/dialler')).json().numbers).toEqual([]);
  });
});

describe('voicemails', () => {
  let vmId: string;
  it('never stores an empty recording', async () => {
    const r = await upload(caller, Buffer.alloc(0));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(m.dialler.vmEmpty);
  });
  it('refuses audio that is not Opus', async () => {
    const r = await upload(caller, Buffer.from('RIFF....WAVEfmt '));
    expect(r.json().message).toBe(m.dialler.vmType);
  });
  it('stores, names, serves to the team only, and deletes', async () => {
    const r = await upload(caller, TINY_OPUS);
    expect(r.statusCode).toBe(200);
    vmId = r.json().voicemail._id;
    expect(r.json().voicemail).toMatchObject({ name: 'Voicemail 1', size: TINY_OPUS.length });
    const renamed = await call(caller, 'PATCH', '/api/calls/editVm', { vmId, name: 'Spring intro' });
    expect(renamed.json().voicemail.name).toBe('Spring intro');
    const audio = await call(admin, 'GET', `/api/calls/vm/${vmId}`);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/ogg');
    expect(audio.rawPayload.equals(TINY_OPUS)).toBe(true);
    expect((await call(other, 'GET', `/api/calls/vm/${vmId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/calls/vm/${vmId}` })).statusCode).toBe(401);
    // The provider's link works only with its signature.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/calls/vmPublic/${vmId}?sig=nope` })).statusCode,
    ).toBe(404);
    const sig = vmSignature(t.app.config.authSecret, vmId);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/calls/vmPublic/${vmId}?sig=${sig}` })).statusCode,
    ).toBe(200);
    expect((await call(other, 'PATCH', '/api/calls/removeVm', { vmId })).statusCode).toBe(404);
  });
  it('is for members with the calls permission', async () => {
    expect((await upload(plain, TINY_OPUS)).statusCode).toBe(403);
  });
  it('selects a voicemail of the team only', async () => {
    expect((await emit('editMember', { selectedVm: vmId })).ok).toBe(true);
    const r = await call(other, 'POST', '/api/calls/recordVm');
    expect(r.statusCode).toBe(400);
  });
});

describe('a dialling session', () => {
  it('calls the queue: answered then ended, then a machine that gets the selected voicemail', async () => {
    const alice = await insertContact(t.database.db, admin.teamId, {
      first: 'Alice',
      phones: ['+12125550181'],
    });
    const bob = await insertContact(t.database.db, admin.teamId, { first: 'Bob', phones: ['+12125550182'] });
    const dnc = await insertContact(t.database.db, admin.teamId, { first: 'Dee', phones: ['+12125550183'] });
    script.set('+12125550181', { result: 'human', ringMs: 20 });
    script.set('+12125550182', { result: 'machine', ringMs: 400 });
    const updates: DiallerAck[] = [];
    socket.on('callUpdate', (p: { state: unknown }) => updates.push({ ok: true, state: p.state as never }));
    const q = await call(caller, 'POST', '/api/calls/enqueue', { itemIds: [alice.id, bob.id] });
    expect(q.json()).toEqual({ queued: 2 });
    const queue = (await call(caller, 'GET', '/api/calls/queue')).json().queue as {
      itemId: string;
      callStatus: null;
    }[];
    expect(queue.map((e) => [e.itemId, e.callStatus])).toEqual([
      [alice.id, null],
      [bob.id, null],
    ]);

    // A new campaign bucket dials on one line (rules/dialler allowedLines): Alice first, Bob waits.
    const started = await emit('editMember', { action: 'start' });
    expect(started).toMatchObject({ ok: true, state: { dialling: true, active: true, paused: false } });
    await expect
      .poll(() => updates.some((u) => u.ok && u.state.activeCall?.status === 'In call'), { timeout: 15_000 })
      .toBe(true);
    const live = updates.findLast((u) => u.ok && u.state.activeCall?.status === 'In call')!;
    if (!live.ok) throw new Error();
    expect(live.state.onCall).toBe(true);
    expect(live.state.activeCall!.name).toContain('Alice');
    // Only items queued with no call status can be unqueued.
    expect((await call(caller, 'PATCH', '/api/calls/unqueue', { itemId: alice.id })).json().message).toBe(
      m.dialler.cannotUnqueue,
    );
    expect(
      (await call(caller, 'POST', '/api/calls/endCalls', { sids: [live.state.activeCall!.sid] })).json(),
    ).toEqual({ ended: 1 });

    // 0.5 s later Bob's line rings and reaches a machine: the member drops the selected voicemail.
    await expect
      .poll(() => updates.some((u) => u.ok && u.state.ringing.some((r) => r.status === 'Machine')), {
        timeout: 15_000,
      })
      .toBe(true);
    const machine = updates.findLast((u) => u.ok && u.state.ringing.some((r) => r.status === 'Machine'))!;
    if (!machine.ok) throw new Error();
    const sid = machine.state.ringing.find((r) => r.status === 'Machine')!.sid!;
    const left = await call(caller, 'POST', '/api/calls/leaveVm', { sid });
    expect(left.json().call.status).toBe('Leaving VM');
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(messages).where(eq(messages.itemId, bob.id))).map((x) => [
            x.body,
            x.status,
            !!x.vmUrl,
          ]),
        { timeout: 15_000 },
      )
      .toEqual([['Outbound call · voicemail left', 'Leaving VM', true]]);
    const aliceThread = await t.database.db.select().from(messages).where(eq(messages.itemId, alice.id));
    expect(aliceThread.map((x) => x.status)).toEqual(['Done']);

    // Never a DNC number, even by hand.
    await t.database.db
      .update(identifiers)
      .set({ status: 'DNC', primary: false })
      .where(eq(identifiers.itemId, dnc.id));
    expect((await call(caller, 'POST', '/api/calls/new', { dataId: dnc.id })).json().message).toBe(
      m.dialler.dnc,
    );
    const hawaii = await insertContact(t.database.db, admin.teamId, {
      first: 'Kai',
      phones: ['+18085550184'],
    });
    expect((await call(caller, 'POST', '/api/calls/new', { dataId: hawaii.id })).json().message).toBe(
      m.dialler.quietHours,
    );
  });

  it('tells the team who is dialling and on call, and forgets a member who leaves', async () => {
    const list = (await call(admin, 'GET', '/api/calls/dialler')).json().members;
    expect(list).toEqual([expect.objectContaining({ userId: caller.userId, active: true })]);
    expect(await emit('editMember', { action: 'leave' })).toMatchObject({
      ok: true,
      state: { active: false, selectedVm: null },
    });
    expect((await call(admin, 'GET', '/api/calls/dialler')).json().members).toEqual([]);
  });

  it('refuses a bad editMember payload and members without the calls permission', async () => {
    expect(await emit('editMember', { action: 'dance' })).toEqual({
      ok: false,
      message: 'The request is not valid.',
    });
    const s = await clients.connect(plain);
    expect(await (s.timeout(5000).emitWithAck('joinDialler', {}) as Promise<DiallerAck>)).toMatchObject({
      ok: false,
    });
  });
});

describe("an 'Only assigned' caller's queue (issue 36)", () => {
  it('queues and shows only records assigned to them, and drops one once it is unassigned', async () => {
    const rae = await insertMember(t, admin.teamId, 'rae@calls.test', { permissions: ['calls'] });
    const mine = await insertContact(t.database.db, admin.teamId, {
      first: 'Mia',
      phones: ['+12125550191'],
      assignedTo: [rae.userId],
    });
    const notMine = await insertContact(t.database.db, admin.teamId, {
      first: 'Ned',
      phones: ['+12125550192'],
    });
    const q = await call(rae, 'POST', '/api/calls/enqueue', { itemIds: [mine.id, notMine.id] });
    expect(q.json()).toEqual({ queued: 1 });
    const queue = await call(rae, 'GET', '/api/calls/queue');
    expect(queue.json().queue.map((e: { itemId: string }) => e.itemId)).toEqual([mine.id]);
    expect(queue.body).not.toContain('Ned');
    expect(queue.body).not.toContain('5550192');

    // Their access narrows: the record is no longer assigned to them, and the queue no longer has it.
    await t.database.db.update(items).set({ assignedTo: [] }).where(eq(items.id, mine.id));
    const after = await call(rae, 'GET', '/api/calls/queue');
    expect(after.json().queue).toEqual([]);
    expect(after.body).not.toContain('Mia');
  });
});
