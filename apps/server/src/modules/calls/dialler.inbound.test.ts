import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m } from '@prospector/core';
import { calls, identifiers, messages, notifications, tasks } from '../../db/schema/index.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { createSimulatedVoice, type SimulatedOutcome } from '../../providers/voice/index.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { TINY_OPUS } from './calls.test-support.js';

/*
 * Inbound calls (issue 19 item 5), the status's and the user's call settings, and the plan's calls,
 * on the simulated line. The test clock stands at 2026-01-05 15:00 UTC: 10:00 in New York.
 */

const voice = createSimulatedVoice({ playMs: 20 });
const script = new Map<string, SimulatedOutcome>();
voice.setScript((c) => script.get(c.to) ?? { result: 'no-answer', ringMs: 20 });
const RING_MS = 600;

let t: TestApp;
let owner: TestUser;
let ana: TestUser;
let ben: TestUser;
let cy: TestUser;
let teamNumber: string;
let vmId: string;

const inject = (u: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
const authOf = async (u: TestUser) => (await t.app.services.auth.authenticate(u.token)) as AuthContext;
const stateOf = async (u: TestUser) => t.app.services.dialler.state(await authOf(u));
const join = async (u: TestUser) =>
  expect((await t.app.services.dialler.join(await authOf(u))).ok).toBe(true);
const ring = (from: string, o?: Parameters<typeof voice.simulateIncoming>[1]) =>
  voice.simulateIncoming({ from, to: teamNumber }, o);
const threadOf = (itemId: string) => t.database.db.select().from(messages).where(eq(messages.itemId, itemId));
const settleThread = (itemId: string) =>
  expect.poll(async () => (await threadOf(itemId)).map((x) => [x.direction, x.status]), { timeout: 15_000 });

beforeAll(async () => {
  t = await buildTestApp(
    {},
    { voice, phoneZones: () => Promise.resolve(['America/New_York']), inboundRingMs: RING_MS },
  );
  owner = await insertTeamAdmin(t, 'owner@inbound.test');
  ana = await insertMember(t, owner.teamId, 'ana@inbound.test', {
    name: 'Ana',
    permissions: ['calls'],
    dataAccess: 'All data',
  });
  ben = await insertMember(t, owner.teamId, 'ben@inbound.test', {
    name: 'Ben',
    permissions: ['calls'],
    dataAccess: 'All data',
  });
  cy = await insertMember(t, owner.teamId, 'cy@inbound.test', { name: 'Cy', permissions: ['calls'] });
  await t.app.services.plans.setPlan(owner.teamId, 'PRO');
  teamNumber = (await inject(owner, 'POST', '/api/calls/buyNumber', { areaCode: '212' })).json().number
    .number;
  const vm = await t.app.services.calls.recordVm(
    await authOf(owner),
    { bytes: TINY_OPUS, truncated: false },
    'Hi',
  );
  if (!vm.ok) throw new Error(vm.code);
  vmId = vm.value._id;
}, 60_000);
afterAll(() => t.close());

describe('an inbound call', () => {
  it('rings every idle member in the dialler; the first to accept takes it and the other stops ringing', async () => {
    const rita = await insertContact(t.database.db, owner.teamId, {
      first: 'Rita',
      phones: ['+12125550111'],
    });
    await join(ana);
    await join(ben);
    const { sid } = await ring('+12125550111');
    const [a, b] = [await stateOf(ana), await stateOf(ben)];
    expect(a.incoming).toEqual([
      expect.objectContaining({ direction: 'in', itemId: rita.id, status: 'Ringing' }),
    ]);
    expect(a.incoming[0]!.name).toContain('Rita');
    expect(b.incoming.map((c) => c._id)).toEqual([a.incoming[0]!._id]);
    expect(voice.heard.get(sid)).toMatchObject({ kind: 'ring', identities: [ana.userId, ben.userId] });

    const callId = a.incoming[0]!._id;
    const taken = await inject(ben, 'POST', '/api/calls/answerInbound', { callId });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().call).toMatchObject({ status: 'In call', direction: 'in' });
    const late = await inject(ana, 'POST', '/api/calls/answerInbound', { callId });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(m.dialler.callTaken);
    expect((await stateOf(ana)).incoming).toEqual([]);
    expect(await stateOf(ben)).toMatchObject({ onCall: true, incoming: [], activeCall: { _id: callId } });

    expect((await inject(ben, 'POST', '/api/calls/endCalls', { sids: [sid] })).json()).toEqual({ ended: 1 });
    await settleThread(rita.id).toEqual([['in', 'Done']]);
    const [row] = await t.database.db.select().from(calls).where(eq(calls.sid, sid));
    expect(row).toMatchObject({ direction: 'in', userId: ben.userId, status: 'Done', answered: true });
    expect((await inject(ben, 'PATCH', '/api/calls/unqueue', { itemId: rita.id })).statusCode).toBe(404);
    await t.app.services.dialler.edit(await authOf(ben), { action: 'done' });
  });

  it('goes missed when nobody answers within the ring time: a notification and a task for the admins', async () => {
    // An unknown caller still rings, by number; the call then becomes a new contact's thread.
    const announced: DomainEvent[] = [];
    const stop = t.app.events.subscribe((events) => announced.push(...events));
    const { sid } = await ring('+19165550199');
    const offer = (await stateOf(ana)).incoming[0]!;
    expect(offer).toMatchObject({ itemId: null, name: '', phone: '+19165550199' });
    await expect
      .poll(async () => (await t.database.db.select().from(calls).where(eq(calls.sid, sid)))[0]?.status, {
        timeout: 15_000,
      })
      .toBe('Missed');
    expect((await stateOf(ana)).incoming).toEqual([]);
    const [idt] = await t.database.db.select().from(identifiers).where(eq(identifiers.value, '+19165550199'));
    await settleThread(idt!.itemId).toEqual([['in', 'Missed']]);
    // Subscriptions hear of the new contact, as of one a text makes.
    stop();
    expect(announced.filter((e) => e.type === 'contact.created').map((e) => e.data)).toEqual([
      expect.objectContaining({ contactId: idt!.itemId, phones: ['+19165550199'], source: 'call' }),
    ]);
    // The task and the notification are written after the thread's message: wait for them.
    await expect
      .poll(async () =>
        (await t.database.db.select().from(tasks).where(eq(tasks.itemId, idt!.itemId))).map((x) => [
          x.text,
          x.assignedTo,
        ]),
      )
      .toEqual([['Call back (916) 555-0199 (missed call)', [owner.userId]]]);
    await expect
      .poll(async () =>
        (await t.database.db.select().from(notifications).where(eq(notifications.targetId, idt!.itemId))).map(
          (n) => [n.userId, n.body],
        ),
      )
      .toEqual([[owner.userId, 'Missed call from (916) 555-0199']]);
  });

  it("is missed at once with nobody in the dialler, and told to the record's assignee", async () => {
    await t.app.services.dialler.leave(ana.userId);
    await t.app.services.dialler.leave(ben.userId);
    const sam = await insertContact(t.database.db, owner.teamId, {
      first: 'Sam',
      phones: ['+12125550112'],
      assignedTo: [cy.userId],
    });
    const { sid } = await ring('+12125550112');
    expect(voice.heard.get(sid)).toEqual({ kind: 'hangup' });
    await settleThread(sam.id).toEqual([['in', 'Missed']]);
    await expect
      .poll(async () => (await t.database.db.select().from(tasks).where(eq(tasks.itemId, sam.id))).length)
      .toBe(1);
    await expect
      .poll(async () =>
        (await t.database.db.select().from(notifications).where(eq(notifications.targetId, sam.id))).map(
          (n) => n.userId,
        ),
      )
      .toEqual([cy.userId]);
  });

  it('is missed when every ringing member declines', async () => {
    await join(ana);
    const lou = await insertContact(t.database.db, owner.teamId, { first: 'Lou', phones: ['+12125550113'] });
    await ring('+12125550113');
    const callId = (await stateOf(ana)).incoming[0]!._id;
    expect((await inject(ana, 'POST', '/api/calls/declineInbound', { callId })).statusCode).toBe(200);
    expect((await stateOf(ana)).incoming).toEqual([]);
    await settleThread(lou.id).toEqual([['in', 'Missed']]);
  });

  it("forwards to the assignee's phone when the assignee is forwardOnly, never ringing the browsers", async () => {
    const refused = await inject(cy, 'PATCH', '/api/calls/settings', {
      noStatusCalls: false,
      forwardOnly: true,
      forwardNumber: null,
      defaultVm: null,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(m.dialler.forwardNumberRequired);
    const saved = await inject(cy, 'PATCH', '/api/calls/settings', {
      noStatusCalls: false,
      forwardOnly: true,
      forwardNumber: '(916) 555-0142',
      defaultVm: null,
    });
    expect(saved.json().settings).toMatchObject({ forwardOnly: true, forwardNumber: '+19165550142' });
    const kim = await insertContact(t.database.db, owner.teamId, {
      first: 'Kim',
      phones: ['+12125550114'],
      assignedTo: [cy.userId],
    });
    const { sid } = await ring('+12125550114', { ringMs: 20, talkMs: 40 });
    expect(voice.heard.get(sid)).toMatchObject({
      kind: 'forward',
      number: '+19165550142',
      callerId: teamNumber,
    });
    expect((await stateOf(ana)).incoming).toEqual([]);
    await settleThread(kim.id).toEqual([['in', 'Forwarded']]);
    const [row] = await t.database.db.select().from(calls).where(eq(calls.sid, sid));
    expect(row).toMatchObject({ userId: cy.userId, status: 'Forwarded' });
    // A forward nobody picks up is a missed call.
    const { sid: again } = await ring('+12125550114', { forward: 'no-answer' });
    await expect
      .poll(async () => (await t.database.db.select().from(calls).where(eq(calls.sid, again)))[0]?.status, {
        timeout: 15_000,
      })
      .toBe('Missed');
  });

  it("forwards by the record's status to the member it names, even with members idle in the dialler", async () => {
    await inject(cy, 'PATCH', '/api/calls/settings', {
      noStatusCalls: false,
      forwardOnly: false,
      forwardNumber: '+19165550142',
      defaultVm: null,
    });
    const hot = (await inject(owner, 'PUT', '/api/settings/addStatus', { text: 'Hot lead' })).json();
    const noPhone = await inject(owner, 'PATCH', '/api/settings/editStatusCalls', {
      _id: hot._id,
      forward: true,
      forwardTo: ben.userId,
      autoRvm: false,
      selectedVm: null,
    });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe(m.dialler.forwardToNoPhone);
    const set = await inject(owner, 'PATCH', '/api/settings/editStatusCalls', {
      _id: hot._id,
      forward: true,
      forwardTo: cy.userId,
      autoRvm: false,
      selectedVm: null,
    });
    expect(set.json()).toEqual({
      _id: hot._id,
      forward: true,
      forwardTo: cy.userId,
      autoRvm: false,
      selectedVm: null,
    });
    const listed = (await inject(owner, 'GET', '/api/settings/statusCalls')).json();
    expect(listed.settings).toContainEqual(set.json());
    expect(listed.members).toContainEqual({ _id: cy.userId, name: 'Cy', hasPhone: true });
    // Another team never edits this team's statuses.
    const stranger = await insertTeamAdmin(t, 'boss@elsewhere.test');
    expect(
      (
        await inject(stranger, 'PATCH', '/api/settings/editStatusCalls', {
          _id: hot._id,
          forward: false,
          forwardTo: null,
          autoRvm: false,
          selectedVm: null,
        })
      ).statusCode,
    ).toBe(404);

    const joe = await insertContact(t.database.db, owner.teamId, {
      first: 'Joe',
      phones: ['+12125550115'],
      status: 'Hot lead',
    });
    const { sid } = await ring('+12125550115', { ringMs: 20, talkMs: 40 });
    expect(voice.heard.get(sid)).toMatchObject({ kind: 'forward', number: '+19165550142' });
    await settleThread(joe.id).toEqual([['in', 'Forwarded']]);
  });
});

describe('auto-RVM and noStatusCalls', () => {
  it('drops the status voicemail with no click when a dialler call reaches a machine', async () => {
    const st = (await inject(owner, 'PUT', '/api/settings/addStatus', { text: 'Follow up' })).json();
    const saved = await inject(owner, 'PATCH', '/api/settings/editStatusCalls', {
      _id: st._id,
      forward: false,
      forwardTo: null,
      autoRvm: true,
      selectedVm: vmId,
    });
    expect(saved.statusCode).toBe(200);
    const may = await insertContact(t.database.db, owner.teamId, {
      first: 'May',
      phones: ['+12125550116'],
      status: 'Follow up',
    });
    const none = await insertContact(t.database.db, owner.teamId, { first: 'Nia', phones: ['+12125550117'] });
    script.set('+12125550116', { result: 'machine', ringMs: 20 });
    // Ana asks not to call records with no status: Nia stays in her queue, undialled.
    await inject(ana, 'PATCH', '/api/calls/settings', {
      noStatusCalls: true,
      forwardOnly: false,
      forwardNumber: null,
      defaultVm: null,
    });
    await inject(ana, 'POST', '/api/calls/enqueue', { itemIds: [none.id, may.id] });
    const auth = await authOf(ana);
    expect((await t.app.services.dialler.edit(auth, { action: 'start' })).ok).toBe(true);
    await settleThread(may.id).toEqual([['out', 'Leaving VM']]);
    const [row] = await t.database.db
      .select()
      .from(calls)
      .where(and(eq(calls.itemId, may.id), eq(calls.direction, 'out')));
    expect(row).toMatchObject({ status: 'Leaving VM', vmId });
    expect(voice.heard.get(row!.sid!)).toMatchObject({ kind: 'play' });
    expect((await threadOf(may.id))[0]!.vmUrl).toBe(`/api/calls/vm/${vmId}`);
    await new Promise((r) => setTimeout(r, 800));
    expect(voice.placed.filter((p) => p.to === '+12125550117')).toEqual([]);
    const queue = (await inject(ana, 'GET', '/api/calls/queue')).json().queue;
    expect(queue.map((e: { itemId: string; callStatus: null }) => [e.itemId, e.callStatus])).toEqual([
      [none.id, null],
    ]);
    await t.app.services.dialler.leave(ana.userId);
  });
});

describe("the plan's calls", () => {
  it('refuses the 251st call of the month on BASIC: the dialler stops and says why', async () => {
    const boss = await insertTeamAdmin(t, 'boss@basic.test');
    await t.app.services.plans.setPlan(boss.teamId, 'BASIC');
    const auth = await authOf(boss);
    expect((await t.app.services.calls.buyNumber(auth, '212')).ok).toBe(true);
    const at = new Date('2026-01-03T12:00:00Z');
    await t.database.db.insert(calls).values(
      [...Array(249)].map(() => ({
        teamId: boss.teamId,
        direction: 'out' as const,
        fromNumber: '+12125550100',
        toNumber: '+12125550101',
        status: 'Done' as const,
        startedAt: at,
      })),
    );
    const a = await insertContact(t.database.db, boss.teamId, { first: 'One', phones: ['+12125550121'] });
    const b = await insertContact(t.database.db, boss.teamId, { first: 'Two', phones: ['+12125550122'] });
    await inject(boss, 'POST', '/api/calls/enqueue', { itemIds: [a.id, b.id] });
    const before = voice.placed.length;
    expect((await t.app.services.dialler.join(auth)).ok).toBe(true);
    expect((await t.app.services.dialler.edit(auth, { action: 'start' })).ok).toBe(true);
    // The 250th call is placed; once it ends the dialler stops instead of placing the 251st.
    const limit =
      "Your plan's limit of 250 calls this month is reached, so the dialler stopped. Upgrade to LITE or PRO in Settings > Billing.";
    await expect.poll(async () => (await stateOf(boss)).notice, { timeout: 15_000 }).toBe(limit);
    expect(await stateOf(boss)).toMatchObject({ dialling: false, paused: true });
    expect(voice.placed.length - before).toBe(1);
    const byHand = await inject(boss, 'POST', '/api/calls/new', { dataId: b.id });
    expect(byHand.statusCode).toBe(402);
    expect(byHand.json().message).toBe(limit);
    expect(await t.app.services.dialler.edit(auth, { action: 'start' })).toMatchObject({ ok: false });
    expect((await t.app.services.plans.usage(boss.teamId)).calls).toEqual({ used: 250, limit: 250 });
    await t.app.services.dialler.leave(boss.userId);
  });
});
