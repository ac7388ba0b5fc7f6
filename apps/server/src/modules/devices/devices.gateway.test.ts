import { DEVICE_NAMESPACE, DEVICE_UNAUTHORIZED, serverMessages } from '@prospector/core';
import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  devices,
  identifiers,
  items,
  messages as messageRows,
  smsJobs,
  statuses,
} from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { deviceToken } from './devices.tokens.js';

type Job = { id: string; to: string; body: string; attempt: number };

let t: TestApp;
let admin: TestUser;
let base: string;
const sockets: Socket[] = [];
beforeEach(async () => {
  t = await buildTestApp({}, { realClock: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await insertTeamAdmin(t, 'admin@acme.test');
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await t.close();
});

async function addAndroid(value = '+19165550100') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services/addNumber',
    headers: admin.headers,
    payload: { phoneType: 'Android', value },
  });
  return res.json().device as { _id: string; value: string };
}

/** A hand-driven agent speaking the protocol, to test the server's side step by step. */
function agent(token: string) {
  const socket = io(base + DEVICE_NAMESPACE, {
    auth: { token, platform: 'sim', agentVersion: 'test' },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  const offered: Job[] = [];
  const waiters: (() => void)[] = [];
  socket.on('jobs', ({ jobs }: { jobs: Job[] }) => {
    offered.push(...jobs);
    waiters.splice(0).forEach((w) => w());
  });
  return {
    socket,
    offered,
    hello: new Promise<{ deviceId: string }>((r) => socket.once('hello', r)),
    nextJobs: () => new Promise<void>((r) => waiters.push(r)),
    ask: <T>(event: string, payload: object) =>
      socket.timeout(5000).emitWithAck(event, payload) as Promise<T>,
  };
}

const tokenOf = (deviceId: string) => deviceToken(t.app.config.authSecret, deviceId, 1);
const sendSms = (itemId: string, to: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/messages/sendSms',
    headers: admin.headers,
    payload: { body, dataId: itemId, dataType: 'contact', to },
  });
const statusOf = async (messageId: string) =>
  (await t.database.db.select().from(messageRows).where(eq(messageRows.id, messageId)))[0]!.status;

describe('the device gateway', () => {
  it('refuses an unknown or forged device token', async () => {
    const device = await addAndroid();
    const forged = agent(`dv1.${device._id}.forged-signature-forged-signature`);
    const err = await new Promise<Error>((r) => forged.socket.once('connect_error', r));
    expect(err.message).toBe(DEVICE_UNAUTHORIZED);
  });

  it('offers a text to the device, which sends it after accepting, and the thread follows sent → delivered', async () => {
    const device = await addAndroid();
    const contact = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const phone = agent(tokenOf(device._id));
    expect((await phone.hello).deviceId).toBe(device._id);
    await phone.ask('ping', { at: new Date().toISOString() });

    const browser = io(base, {
      auth: { token: admin.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(browser);
    await new Promise((r) => browser.once('init', r));
    const statuses: string[] = [];
    browser.on('messageStatus', (e: { status: string }) => statuses.push(e.status));

    const offered = phone.nextJobs();
    const res = await sendSms(contact.id, '+19164567890', 'Hello Ann');
    expect(res.statusCode).toBe(200);
    const message = res.json().message;
    expect(message).toMatchObject({ direction: 'out', status: 'queued', sentFrom: '+19165550100' });
    await offered;
    const [job] = phone.offered;
    expect(job).toMatchObject({ to: '+19164567890', body: 'Hello Ann', attempt: 1 });

    expect(await phone.ask('accept', { ids: [job!.id] })).toEqual({ accepted: [job!.id], rejected: [] });
    const at = new Date().toISOString();
    await phone.ask('report', { reports: [{ id: job!.id, state: 'sent', at }] });
    await phone.ask('report', { reports: [{ id: job!.id, state: 'sent', at }] }); // a repeat is ignored
    await phone.ask('report', { reports: [{ id: job!.id, state: 'delivered', at }] });
    await phone.ask('report', { reports: [{ id: job!.id, state: 'failed', at, error: 'late' }] }); // backwards
    expect(await statusOf(message._id)).toBe('delivered');
    await expect.poll(() => statuses).toEqual(['sent', 'delivered']);
    const devices = (
      await t.app.inject({ method: 'GET', url: '/api/services/devices', headers: admin.headers })
    ).json().devices;
    expect(devices[0]).toMatchObject({ connected: true, sentToday: 1 });
  });

  // The lanes are PostgreSQL pools; PGlite has one connection for everything.
  it.runIf(inject('dbTemplate').driver === 'postgres')(
    "keeps replies and the API moving while the device flood's connections are all busy",
    async () => {
      const device = await addAndroid();
      const contact = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
      const phone = agent(tokenOf(device._id));
      await phone.hello;
      await phone.ask('ping', { at: new Date().toISOString() });
      const browser = io(base, {
        auth: { token: admin.token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(browser);
      await new Promise((r) => browser.once('init', r));
      const seen: string[] = [];
      browser.on('messageAdded', (e: { message: { body: string; direction: string } }) => {
        if (e.message.direction === 'in') seen.push(`reply: ${e.message.body}`);
      });
      phone.socket.on('jobs', () => seen.push('offer'));

      // Both of the flood's connections busy (DATABASE_DISPATCH_POOL_SIZE is 2).
      const busy = [1, 2].map((n) =>
        t.database.dispatch
          .execute(sql`select pg_sleep(4)`)
          .then(() => seen.push(`flood connection ${n} free`)),
      );
      await new Promise((r) => setTimeout(r, 200));

      const sent = await sendSms(contact.id, '+19164567890', 'Are you still selling?');
      expect(sent.statusCode).toBe(200);
      seen.push('API answered');
      await phone.ask('inbound', {
        messages: [{ id: 'a-2', from: '+19164567890', body: 'Yes, call me', at: new Date().toISOString() }],
      });
      await expect.poll(() => seen.includes('reply: Yes, call me')).toBe(true);
      await Promise.all(busy);
      await expect.poll(() => seen.includes('offer')).toBe(true);
      // The text waited for a flood connection; the API and the reply did not.
      expect(seen.slice(0, 2)).toEqual(['API answered', 'reply: Yes, call me']);
      expect(seen.indexOf('offer')).toBeGreaterThan(seen.findIndex((e) => e.startsWith('flood connection')));
    },
  );

  it('applies a report batch sent twice at once only once', async () => {
    const device = await addAndroid();
    const contact = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const phone = agent(tokenOf(device._id));
    await phone.hello;
    await phone.ask('ping', { at: new Date().toISOString() });
    const offered = phone.nextJobs();
    await sendSms(contact.id, '+19164567890', 'Hello Ann');
    await offered;
    const id = phone.offered[0]!.id;
    await phone.ask('accept', { ids: [id] });
    const at = new Date().toISOString();
    const batch = {
      reports: [
        { id, state: 'sent', at, attempt: 1 },
        { id, state: 'delivered', at, attempt: 1 },
      ],
    };
    await Promise.all([phone.ask('report', batch), phone.ask('report', batch)]);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device._id));
    expect(row!.sentToday).toBe(1);
    const [job] = await t.database.db.select().from(smsJobs).where(eq(smsJobs.id, id));
    expect(job!.state).toBe('delivered');
  });

  it("never lets a device accept another device's job", async () => {
    const a = await addAndroid('+19165550100');
    const b = await addAndroid('+19165550101');
    const contact = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const phoneA = agent(tokenOf(a._id));
    const phoneB = agent(tokenOf(b._id));
    await Promise.all([phoneA.hello, phoneB.hello]);
    const offered = phoneA.nextJobs();
    await t.app.inject({
      method: 'POST',
      url: '/api/messages/sendSms',
      headers: admin.headers,
      payload: { body: 'Hi', dataId: contact.id, to: '+19164567890', from: '+19165550100' },
    });
    await offered;
    const id = phoneA.offered[0]!.id;
    expect(await phoneB.ask('accept', { ids: [id] })).toEqual({ accepted: [], rejected: [id] });
  });

  it('takes back an offer the device dropped before accepting, and offers the same job again on reconnect', async () => {
    const device = await addAndroid();
    const contact = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const first = agent(tokenOf(device._id));
    await first.hello;
    const offered = first.nextJobs();
    await sendSms(contact.id, '+19164567890', 'Hello');
    await offered;
    const jobId = first.offered[0]!.id;
    first.socket.disconnect();
    await expect
      .poll(async () => (await t.database.db.select().from(smsJobs).where(eq(smsJobs.id, jobId)))[0]!.state)
      .toBe('queued');
    const second = agent(tokenOf(device._id));
    const again = second.nextJobs();
    await second.hello;
    await again;
    expect(second.offered.map((j) => j.id)).toEqual([jobId]);
  });

  it('offers an accepted but unreported job again to its device after a reconnect, and nowhere else', async () => {
    const device = await addAndroid();
    const contact = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const first = agent(tokenOf(device._id));
    await first.hello;
    const offered = first.nextJobs();
    await sendSms(contact.id, '+19164567890', 'Hello');
    await offered;
    const jobId = first.offered[0]!.id;
    await first.ask('accept', { ids: [jobId] });
    first.socket.disconnect();
    const second = agent(tokenOf(device._id));
    const again = second.nextJobs();
    await again;
    expect(second.offered.map((j) => j.id)).toEqual([jobId]);
    expect((await t.database.db.select().from(smsJobs).where(eq(smsJobs.id, jobId)))[0]!.state).toBe(
      'accepted',
    );
  });

  it('refuses to text without a connected device, and a DNC number ever', async () => {
    const contact = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const none = await sendSms(contact.id, '+19164567890', 'Hello');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(serverMessages.devices.noDevice);
    await t.database.db.update(identifiers).set({ status: 'DNC' }).where(eq(identifiers.itemId, contact.id));
    const blocked = await sendSms(contact.id, '+19164567890', 'Hello');
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toBe(serverMessages.devices.recipientBlocked);
  });
});

describe('texts coming in', () => {
  it('files a text from an unknown number under a new contact, once however often it is reported', async () => {
    const device = await addAndroid();
    const phone = agent(tokenOf(device._id));
    await phone.hello;
    const text = {
      id: 'android-17',
      from: '(916) 555-0199',
      body: 'Who is this?',
      at: new Date().toISOString(),
    };
    expect(await phone.ask('inbound', { messages: [text] })).toEqual({ ok: true });
    await phone.ask('inbound', { messages: [text] });
    const found = await t.database.db.select().from(identifiers).where(eq(identifiers.value, '+19165550199'));
    expect(found).toHaveLength(1);
    const thread = await t.database.db
      .select()
      .from(messageRows)
      .where(eq(messageRows.itemId, found[0]!.itemId));
    expect(thread.map((m) => [m.direction, m.body])).toEqual([['in', 'Who is this?']]);
    const [contact] = await t.database.db.select().from(items).where(eq(items.id, found[0]!.itemId));
    expect(contact!.lastMessage?.body).toBe('Who is this?');
  });

  it('marks a number DNC on an opt-out reply, adds a system message, and sends nothing to it after', async () => {
    const device = await addAndroid();
    const contact = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const phone = agent(tokenOf(device._id));
    await phone.hello;
    await phone.ask('ping', { at: new Date().toISOString() });
    await phone.ask('inbound', {
      messages: [{ id: 'a-1', from: '+19164567890', body: 'Stop. Thank you', at: new Date().toISOString() }],
    });
    const [idt] = await t.database.db.select().from(identifiers).where(eq(identifiers.itemId, contact.id));
    expect(idt).toMatchObject({ status: 'DNC', primary: false });
    // Its only phone opted out: the contact is in the DNC status (ADR 030).
    const [dnc] = await t.database.db
      .select()
      .from(statuses)
      .where(sql`${statuses.teamId} = ${admin.teamId} and ${statuses.text} = 'DNC'`);
    const [moved] = await t.database.db.select().from(items).where(eq(items.id, contact.id));
    expect(moved!.statusId).toBe(dnc!.id);
    const thread = await t.database.db.select().from(messageRows).where(eq(messageRows.itemId, contact.id));
    expect(thread.filter((m) => m.system)).toHaveLength(1);
    expect((await sendSms(contact.id, '+19164567890', 'One more?')).statusCode).toBe(400);
  });

  it('marks a number Wrong # on a wrong-number reply, and leaves an ordinary reply with stop in it alone', async () => {
    const device = await addAndroid();
    const ann = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const bob = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7891'] });
    const phone = agent(tokenOf(device._id));
    await phone.hello;
    const at = new Date().toISOString();
    await phone.ask('inbound', {
      messages: [
        { id: 'b-1', from: '+19164567890', body: 'You have the wrong number', at },
        { id: 'b-2', from: '+19164567891', body: 'Please stop by the office on Monday', at },
      ],
    });
    const status = async (itemId: string) =>
      (await t.database.db.select().from(identifiers).where(eq(identifiers.itemId, itemId)))[0]!.status;
    expect(await status(ann.id)).toBe('Wrong #');
    expect(await status(bob.id)).toBe('');
  });
});

describe('a simulated phone', () => {
  it('connects by itself, delivers a text and brings back a scripted reply', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/services/addSimulatedPhone',
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().device).toMatchObject({ value: '+19165550100', simulated: true, phoneType: 'Android' });
    const devices = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/services/devices', headers: admin.headers })).json()
        .devices;
    await expect.poll(async () => (await devices())[0].connected, { timeout: 15_000 }).toBe(true);

    const contact = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const sent = (await sendSms(contact.id, '+19164567890', 'Is the house still for sale?')).json().message;
    await expect.poll(() => statusOf(sent._id), { timeout: 15_000 }).toBe('delivered');
    const inbound = async () =>
      (await t.database.db.select().from(messageRows).where(eq(messageRows.itemId, contact.id))).filter(
        (m) => m.direction === 'in',
      );
    await expect
      .poll(async () => (await inbound()).map((m) => m.body), { timeout: 10_000 })
      .toEqual(['Hi! Yes, I got your text. Is the offer still open?']);

    await t.app.inject({
      method: 'POST',
      url: '/api/services/removeNumbers',
      headers: admin.headers,
      payload: { phones: ['+19165550100'] },
    });
    expect(await devices()).toEqual([]);
  }, 30_000);

  it('answers as people do, by the number texted: interest, a question, STOP and wrong number, each handled', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/services/addSimulatedPhone',
      headers: admin.headers,
      payload: {},
    });
    await expect
      .poll(
        async () =>
          (await t.app.inject({ method: 'GET', url: '/api/services/devices', headers: admin.headers })).json()
            .devices[0]?.connected,
        { timeout: 10_000 },
      )
      .toBe(true);
    const numbers = ['916-456-7890', '916-456-7894', '916-456-7896', '916-456-7898'];
    const contacts: { id: string }[] = [];
    for (const phone of numbers)
      contacts.push(await insertContact(t.database.db, admin.teamId, { phones: [phone] }));
    for (const [i, c] of contacts.entries())
      expect(
        (await sendSms(c.id, `+1${numbers[i]!.replace(/-/g, '')}`, 'Would you sell 412 Elm St?')).statusCode,
      ).toBe(200);
    const replyOf = async (itemId: string) =>
      (await t.database.db.select().from(messageRows).where(eq(messageRows.itemId, itemId))).find(
        (m) => m.direction === 'in' && !m.system,
      )?.body;
    await expect
      .poll(async () => Promise.all(contacts.map((c) => replyOf(c.id))), { timeout: 20_000 })
      .toEqual([
        'Hi! Yes, I got your text. Is the offer still open?',
        'Who is this? How did you get my number?',
        'STOP',
        'Sorry, you have the wrong number.',
      ]);
    const phoneStatus = async (itemId: string) =>
      (await t.database.db.select().from(identifiers).where(eq(identifiers.itemId, itemId)))[0]!.status;
    await expect
      .poll(async () => Promise.all(contacts.map((c) => phoneStatus(c.id))), { timeout: 10_000 })
      .toEqual(['', '', 'DNC', 'Wrong #']);
  }, 45_000);
});
