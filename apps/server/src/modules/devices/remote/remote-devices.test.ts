import { serverMessages } from '@prospector/core';
import { sql } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { insertContact, insertTeamAdmin, type TestUser } from '../../../test/factories.js';
import { startFakeBlueBubbles, type FakeBlueBubbles } from '../../../test/fake-bluebubbles.js';
import { startFakeSmsGatewayLocal, type FakeSmsGatewayLocal } from '../../../test/fake-sms-gateway-local.js';

let t: TestApp;
let admin: TestUser;
let phone: FakeSmsGatewayLocal | null = null;
let mac: FakeBlueBubbles | null = null;
/** Another team's Mac. */
let rivalMac: FakeBlueBubbles | null = null;

async function freePort() {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** The app listening on 127.0.0.1, with the address BlueBubbles posts its webhooks to. */
async function start(loopback = true) {
  const port = await freePort();
  t = await buildTestApp(
    {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      REMOTE_DEVICES_ALLOW_LOOPBACK: loopback,
      REMOTE_DEVICES_POLL_MS: 3_600_000,
    },
    { realClock: true },
  );
  await t.app.listen({ host: '127.0.0.1', port });
  admin = await insertTeamAdmin(t, 'admin@acme.test');
}
afterEach(async () => {
  await t.close();
  await phone?.close();
  await mac?.close();
  await rivalMac?.close();
  phone = mac = rivalMac = null;
});

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const round = () => t.app.services.remoteDriver.round();

async function contacts(n: number) {
  const list = [];
  for (let i = 0; i < n; i++) {
    const value = `+1916555${String(1000 + i).padStart(4, '0')}`;
    const item = await insertContact(t.database.db, admin.teamId, { phones: [value] });
    list.push({ itemId: item.id, value });
  }
  return list;
}
const text = (itemId: string, to: string, body: string) =>
  post(admin, '/api/messages/sendSms', { dataId: itemId, to, body });
const jobs = () =>
  queryRows<{ to: string; state: string; external_id: string | null }>(
    t.database.db,
    sql`select "to", state, external_id from sms_jobs order by "to"`,
  );
const thread = (itemId: string) =>
  queryRows<{ body: string; direction: string; status: string | null }>(
    t.database.db,
    sql`select body, direction, status from messages where item_id = ${itemId} and not system order by created_at`,
  );
const identifierStatus = async (value: string) =>
  (
    await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from identifiers where value = ${value}`,
    )
  )[0]?.status;

async function addLocalPhone(f: FakeSmsGatewayLocal, user = admin) {
  return post(user, '/api/services/addLocalSmsGateway', {
    address: f.url,
    ...f.creds,
    phone: '+1 916 555 0100',
  });
}

// Each test starts an app, a database and a fake device: generous on a busy machine.
describe('an Android phone in SMS Gateway local server mode', { timeout: 180_000 }, () => {
  it('is added only after the phone answers with the right credentials, and shows connected', async () => {
    await start();
    phone = await startFakeSmsGatewayLocal();
    const wrong = await post(admin, '/api/services/addLocalSmsGateway', {
      address: phone.url,
      username: 'sms',
      password: 'nope',
      phone: '+19165550100',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(serverMessages.remoteDevices.wrongCredentials);
    const added = await addLocalPhone(phone);
    expect(added.statusCode).toBe(200);
    expect(added.json().device).toMatchObject({
      transport: 'sms_gateway_local',
      value: '+19165550100',
      connected: true,
    });
    const devices = (
      await t.app.inject({ method: 'GET', url: '/api/services/devices', headers: admin.headers })
    ).json().devices;
    expect(devices).toHaveLength(1);
  });

  it('refuses an unreachable phone and a loopback or link-local address when loopback is not allowed', async () => {
    await start(false);
    const loop = await post(admin, '/api/services/addLocalSmsGateway', {
      address: 'http://127.0.0.1:8080',
      username: 'sms',
      password: 'x',
      phone: '+19165550100',
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().message).toBe(serverMessages.remoteDevices.refusedAddress);
    const meta = await post(admin, '/api/services/addLocalSmsGateway', {
      address: 'http://169.254.169.254',
      username: 'sms',
      password: 'x',
      phone: '+19165550100',
    });
    expect(meta.json().message).toBe(serverMessages.remoteDevices.refusedAddress);
    const bad = await post(admin, '/api/services/addLocalSmsGateway', {
      address: 'ftp://192.168.1.2',
      username: 'sms',
      password: 'x',
      phone: '+19165550100',
    });
    expect(bad.json().message).toBe(serverMessages.remoteDevices.invalidAddress);
    const none = await queryRows(t.database.db, sql`select id from devices`);
    expect(none).toHaveLength(0);
  });

  it('sends every text once, follows its states, files replies and marks an opt-out DNC, across the phone going away and back', async () => {
    await start();
    phone = await startFakeSmsGatewayLocal();
    await addLocalPhone(phone);
    const people = await contacts(12);
    for (const p of people.slice(0, 6))
      expect((await text(p.itemId, p.value, `Hi ${p.value}`)).statusCode).toBe(200);
    await round();
    expect(phone.sends).toHaveLength(6);

    // The phone leaves the Wi-Fi; texts from it wait in its queue, the device shows disconnected, and
    // they go out once it is back.
    await phone.down();
    for (const p of people.slice(6))
      expect(
        (
          await post(admin, '/api/messages/sendSms', {
            dataId: p.itemId,
            to: p.value,
            body: `Hi ${p.value}`,
            from: '+19165550100',
          })
        ).statusCode,
      ).toBe(200);
    await round();
    expect((await jobs()).filter((j) => j.state === 'queued')).toHaveLength(6);
    const away = (
      await t.app.inject({ method: 'GET', url: '/api/services/devices', headers: admin.headers })
    ).json().devices;
    expect(away[0].connected).toBe(false);
    expect(phone.sends).toHaveLength(6);
    await phone.up();
    await round();
    expect(phone.sends).toHaveLength(12);
    // A hand-over whose answer was lost is offered again: the phone's 409 on our id keeps it single.
    await queryRows(
      t.database.db,
      sql`update sms_jobs set state = 'queued', offered_at = null where "to" = ${people[7]!.value}`,
    );
    await round();
    expect(phone.sends).toHaveLength(12);
    expect(new Set(phone.sends).size).toBe(12);

    phone.advance([people[11]!.value]);
    phone.receive(people[0]!.value, 'Yes, call me tomorrow');
    phone.receive(people[1]!.value, 'STOP');
    await round();
    const states = await jobs();
    expect(states.filter((j) => j.state === 'delivered')).toHaveLength(11);
    expect(states.find((j) => j.to === people[11]!.value)?.state).toBe('failed');
    expect((await thread(people[0]!.itemId)).map((m) => m.body)).toEqual([
      `Hi ${people[0]!.value}`,
      'Yes, call me tomorrow',
    ]);
    expect(await identifierStatus(people[1]!.value)).toBe('DNC');

    // Polled again, nothing is filed twice.
    await round();
    expect(await thread(people[0]!.itemId)).toHaveLength(2);
    expect(phone.sends).toHaveLength(12);
  });
});

async function addMac(f: FakeBlueBubbles, value = 'agent@icloud.com') {
  return post(admin, '/api/services/addBlueBubbles', { url: f.url, password: f.password, value });
}
const hookUrl = () => mac!.webhooks[0]!.url;

describe('a Mac with BlueBubbles', { timeout: 180_000 }, () => {
  it('is checked by its password, registers our webhook with a secret in the path, and shows connected', async () => {
    await start();
    mac = await startFakeBlueBubbles();
    const wrong = await post(admin, '/api/services/addBlueBubbles', {
      url: mac.url,
      password: 'nope',
      value: 'agent@icloud.com',
    });
    expect(wrong.json().message).toBe(serverMessages.remoteDevices.wrongCredentials);
    expect(mac.webhooks).toHaveLength(0);
    const added = await addMac(mac);
    expect(added.statusCode).toBe(200);
    expect(added.json().device).toMatchObject({
      transport: 'bluebubbles',
      isComputer: true,
      connected: true,
    });
    expect(mac.webhooks).toHaveLength(1);
    expect(hookUrl()).toMatch(
      new RegExp(`^${t.app.config.PUBLIC_URL}/api/remote/bluebubbles/[0-9a-f-]{36}/[\\w-]{24,}$`),
    );
    const [row] = await queryRows<{ remote_state: { webhookHash: string } }>(
      t.database.db,
      sql`select remote_state from devices where kind = 'mac'`,
    );
    expect(JSON.stringify(row)).not.toContain(hookUrl().split('/').pop()!);
  });

  it('texts new and known chats once, over SMS when the handle has no iMessage, and takes states and replies from webhooks', async () => {
    await start();
    mac = await startFakeBlueBubbles();
    await addMac(mac);
    const people = await contacts(4);
    mac.noIMessage.add(people[3]!.value);
    for (const p of people) await text(p.itemId, p.value, `Hello ${p.value}`);
    await round();
    await text(people[0]!.itemId, people[0]!.value, 'Second text, known chat');
    await round();
    expect(mac.sends).toHaveLength(5);
    expect(new Set(mac.sends).size).toBe(5);
    expect(mac.messages.find((m) => m.handle.address === people[3]!.value)?.chats[0]?.guid).toBe(
      `SMS;-;${people[3]!.value}`,
    );
    expect(mac.messages.filter((m) => m.chats[0]!.guid === `iMessage;-;${people[0]!.value}`)).toHaveLength(2);

    await mac.deliverAll();
    await mac.reply(people[2]!.value, 'Who is this?');
    await mac.reply(people[1]!.value, 'stop texting me');
    expect((await jobs()).every((j) => j.state === 'delivered' && j.external_id)).toBe(true);
    expect((await thread(people[2]!.itemId)).map((m) => m.body)).toEqual([
      `Hello ${people[2]!.value}`,
      'Who is this?',
    ]);
    expect(await identifierStatus(people[1]!.value)).toBe('DNC');
  });

  it('a missed webhook is recovered by the poll, and nothing is filed twice', async () => {
    await start();
    mac = await startFakeBlueBubbles();
    await addMac(mac);
    const [p] = await contacts(1);
    mac.dropWebhooks = true;
    await text(p!.itemId, p!.value, 'Are you selling?');
    await round();
    await mac.deliverAll();
    await mac.reply(p!.value, 'Maybe, what price?');
    expect((await thread(p!.itemId)).map((m) => m.body)).toEqual(['Are you selling?']);
    await round();
    expect((await jobs())[0]?.state).toBe('delivered');
    expect((await thread(p!.itemId)).map((m) => m.body)).toEqual(['Are you selling?', 'Maybe, what price?']);
    mac.dropWebhooks = false;
    await round();
    await mac.reply(p!.value, 'Call me');
    await round();
    expect((await thread(p!.itemId)).map((m) => m.body)).toEqual([
      'Are you selling?',
      'Maybe, what price?',
      'Call me',
    ]);
  });

  it('a send error from Messages fails the text', async () => {
    await start();
    mac = await startFakeBlueBubbles();
    await addMac(mac);
    const [p] = await contacts(1);
    await text(p!.itemId, p!.value, 'first');
    await round();
    mac.failNextSend();
    await text(p!.itemId, p!.value, 'second');
    await round();
    const states = (await thread(p!.itemId)).map((m) => m.status);
    expect(states).toEqual(['sent', 'failed']);
  });

  it('refuses a webhook with a wrong secret or malformed JSON and changes nothing; another team cannot touch the Mac', async () => {
    await start();
    mac = await startFakeBlueBubbles();
    await addMac(mac);
    const [p] = await contacts(1);
    await text(p!.itemId, p!.value, 'hello');
    await round();
    const good = new URL(hookUrl());
    const wrongSecret = good.pathname.replace(/[^/]+$/, 'x'.repeat(32));
    const guid = mac.messages[0]!.guid;
    const event = {
      type: 'new-message',
      data: {
        guid: 'IN-1',
        text: 'forged',
        isFromMe: false,
        error: 0,
        dateCreated: Date.now(),
        handle: { address: p!.value },
      },
    };
    const forged = await t.app.inject({ method: 'POST', url: wrongSecret, payload: event });
    expect(forged.statusCode).toBe(404);
    const delivered = { type: 'updated-message', data: { ...mac.messages[0], dateDelivered: Date.now() } };
    const otherDevice = good.pathname.replace(
      /bluebubbles\/[^/]+/,
      'bluebubbles/00000000-0000-4000-8000-000000000000',
    );
    expect((await t.app.inject({ method: 'POST', url: otherDevice, payload: delivered })).statusCode).toBe(
      404,
    );
    const malformed = await t.app.inject({
      method: 'POST',
      url: good.pathname,
      payload: '{"type": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    const noType = await t.app.inject({ method: 'POST', url: good.pathname, payload: { data: {} } });
    expect(noType.statusCode).toBe(400);
    expect((await thread(p!.itemId)).map((m) => m.body)).toEqual(['hello']);
    expect((await jobs())[0]?.state).toBe('sent');
    expect(guid).toBeTruthy();

    const other = await insertTeamAdmin(t, 'boss@rival.test');
    const theirs = (
      await t.app.inject({ method: 'GET', url: '/api/services/devices', headers: other.headers })
    ).json().devices;
    expect(theirs).toHaveLength(0);
    const removed = await post(other, '/api/services/removeNumbers', { phones: ['agent@icloud.com'] });
    expect(removed.json().removed).toBe(0);

    // The right secret is taken.
    expect((await t.app.inject({ method: 'POST', url: good.pathname, payload: delivered })).statusCode).toBe(
      200,
    );
    expect((await jobs())[0]?.state).toBe('delivered');
  });

  // BlueBubbles' handleUpdatedMessage posts the message without chats or tempGuid: our text is found by
  // the guid its send answered. Its own status (Message.ts messageStatus): Read if dateRead, Delivered if
  // dateDelivered, else Sent; is_delivered alone is an SMS that left the Mac. The product has no read
  // state: read is delivered.
  it('takes delivered from an updated-message as BlueBubbles reads it: dateDelivered or dateRead, not isDelivered alone', async () => {
    await start();
    mac = await startFakeBlueBubbles();
    await addMac(mac);
    const people = await contacts(3);
    for (const p of people) await text(p.itemId, p.value, `Hi ${p.value}`);
    await round();
    const guidTo = (to: string) => mac!.messages.find((m) => m.handle.address === to)!.guid;
    const [left, read, delivered] = people.map((p) => guidTo(p.value));
    await mac.update(left!, { isDelivered: true });
    await mac.update(read!, { dateRead: Date.now() });
    await mac.update(delivered!, { dateDelivered: Date.now(), isDelivered: true });
    expect(mac.webhookAnswers.slice(-3)).toEqual([200, 200, 200]);
    const states = async () => (await jobs()).map((j) => j.state);
    expect(await states()).toEqual(['sent', 'delivered', 'delivered']);
    const statuses = async () =>
      Promise.all(people.map(async (p) => (await thread(p.itemId)).map((m) => m.status)));
    expect(await statuses()).toEqual([['sent'], ['delivered'], ['delivered']]);

    // A read receipt after the delivery changes nothing; the SMS's late delivery date moves it on.
    await mac.update(delivered!, { dateRead: Date.now() });
    await mac.update(left!, { dateDelivered: Date.now() });
    expect(await states()).toEqual(['delivered', 'delivered', 'delivered']);
    expect(await statuses()).toEqual([['delivered'], ['delivered'], ['delivered']]);
  });

  it('an updated-message for an unknown guid, or for another team’s text from that team’s Mac, changes nothing', async () => {
    await start();
    mac = await startFakeBlueBubbles();
    await addMac(mac);
    const [p] = await contacts(1);
    await text(p!.itemId, p!.value, 'hello');
    await round();
    const ours = mac.messages[0]!;
    const rival = await insertTeamAdmin(t, 'boss@rival.test');
    rivalMac = await startFakeBlueBubbles();
    const added = await post(rival, '/api/services/addBlueBubbles', {
      url: rivalMac.url,
      password: rivalMac.password,
      value: 'rival@icloud.com',
    });
    expect(added.statusCode).toBe(200);
    const update = {
      guid: ours.guid,
      tempGuid: ours.tempGuid,
      text: 'hello',
      handle: { address: p!.value, service: 'iMessage' },
      error: 0,
      dateCreated: ours.dateCreated,
      dateDelivered: Date.now(),
      dateRead: Date.now(),
      isDelivered: true,
      isFromMe: true,
    };
    // The rival's own Mac, through its own (valid) webhook, names our text by its guid and our job id.
    await rivalMac.updateUnknown(update);
    // Our Mac speaks of a message we never sent.
    await mac.updateUnknown({ ...update, guid: 'F0F0F0F0-0000-4000-8000-000000000000', tempGuid: undefined });
    expect([...rivalMac.webhookAnswers, ...mac.webhookAnswers.slice(-1)]).toEqual([200, 200]);
    expect((await jobs()).map((j) => [j.state, j.external_id])).toEqual([['sent', ours.guid]]);
    expect((await thread(p!.itemId)).map((m) => m.status)).toEqual(['sent']);
  });
});
