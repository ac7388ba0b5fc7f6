import { messages, serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  webhookAttempts,
  webhookDeliveries,
  items,
  messages as messagesTable,
  smsJobs,
} from '../../db/schema/index.js';
import type { Config } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  insertConnectedDevice,
  insertContact,
  insertMember,
  insertTeamAdmin,
  type TestUser,
} from '../../test/factories.js';

type Received = { headers: IncomingHttpHeaders; body: string };
let t: TestApp;
let receiver: Server | null = null;
afterEach(async () => {
  await t.close();
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
  receiver = null;
});

/** A team's CRM on loopback: records what it receives, answering with the given statuses in turn. */
async function startReceiver(statuses: number[] = [200]) {
  const got: Received[] = [];
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(statuses[Math.min(got.length - 1, statuses.length - 1)]!);
      res.end();
    });
  });
  await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, got };
}

async function setUp(overrides: Partial<Config> = { HOOKS_ALLOW_PRIVATE: true }) {
  t = await buildTestApp(overrides);
  return insertTeamAdmin(t, 'admin@acme.test');
}
const saveHooks = (user: TestUser, hooks: object) =>
  t.app.inject({ method: 'POST', url: '/api/users/updateHooks', headers: user.headers, payload: hooks });

/** The signing secret of one of the team's hooks, as an admin reveals it in Settings. */
async function secretOf(admin: TestUser, kind: string) {
  const list = await t.app.inject({ method: 'GET', url: '/api/settings/webhooks', headers: admin.headers });
  const endpoint = list
    .json<{ endpoints: { _id: string; kind: string }[] }>()
    .endpoints.find((e) => e.kind === kind)!;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/settings/webhooks/${endpoint._id}/secret`,
    headers: admin.headers,
  });
  return res.json<{ secret: string }>().secret;
}

/**
 * What a receiver using the `standardwebhooks` package makes of a hit, on a wall clock at `now`
 * (the package reads Date.now() for its 5-minute tolerance): the parsed body, or the refusal.
 */
function verifyAt(secret: string, hit: Received, now: Date, body = hit.body) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  try {
    return { ok: true, body: new Webhook(secret).verify(body, hit.headers as Record<string, string>) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  } finally {
    vi.useRealTimers();
  }
}

/** The body with one byte changed. */
const tamper = (body: string) =>
  body.slice(0, 10) + String.fromCharCode(body.charCodeAt(10) ^ 1) + body.slice(11);

describe('hook settings', () => {
  it("refuses an invalid URL with the spec's message, does not check the podio hook, and is for admins", async () => {
    const admin = await setUp();
    const bad = await saveHooks(admin, { inboundHook: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.hooks.invalidUrl);
    const ok = await saveHooks(admin, {
      inboundHook: 'https://crm.example.com/in',
      podioHook: 'anything at all',
    });
    expect(ok.json()).toMatchObject({
      inboundHook: 'https://crm.example.com/in',
      podioHook: 'anything at all',
    });
    expect(ok.json().apiKey).toMatch(/^pk_/);
    // Each hook is an endpoint with its own Standard Webhooks secret; the podio hook too.
    expect(await secretOf(admin, 'inbound')).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(await secretOf(admin, 'podio')).not.toBe(await secretOf(admin, 'inbound'));
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    expect((await saveHooks(member, { inboundHook: 'https://x.example.com' })).statusCode).toBe(403);
  });
});

describe('hook settings where private addresses are not allowed', () => {
  it('a hook URL at an IPv4-mapped loopback or cloud metadata address cannot be saved, whatever its spelling, and says private addresses are not allowed', async () => {
    const admin = await setUp({});
    for (const url of [
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'http://2130706433/hook',
      'http://localhost:3000/hook',
    ]) {
      const res = await saveHooks(admin, { inboundHook: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(messages.hooks.privateUrl);
    }
    expect((await saveHooks(admin, { inboundHook: 'crm.example.com/in' })).json().message).toBe(
      messages.hooks.invalidUrl,
    );
    expect((await saveHooks(admin, { inboundHook: 'https://crm.example.com/in' })).statusCode).toBe(200);
  });
});

describe('hook deliveries', () => {
  it('posts an inbound text to the inbound hook, signed as Standard Webhooks with the endpoint’s secret', async () => {
    const admin = await setUp();
    const crm = await startReceiver();
    await saveHooks(admin, { inboundHook: crm.url });
    const secret = await secretOf(admin, 'inbound');
    const device = await insertConnectedDevice(t, admin);
    await t.app.services.sms.applyInbound(device, [
      { id: 'x1', from: '+19164567890', body: 'Who is this?', at: '2026-11-21T10:00:00.000Z' },
    ]);
    await t.app.services.hookSender.flush();
    expect(crm.got).toHaveLength(1);
    const [hit] = crm.got;
    expect(JSON.parse(hit!.body)).toEqual({
      body: 'Who is this?',
      from: '+19164567890',
      timestamp: '2026-11-21T10:00:00.000Z',
    });
    expect(hit!.headers['x-prospector-event']).toBe('message.received');
    expect(hit!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    const sentAt = new Date(Number(hit!.headers['webhook-timestamp']) * 1000);
    expect(verifyAt(secret, hit!, sentAt)).toEqual({ ok: true, body: JSON.parse(hit!.body) });
    expect(verifyAt(secret, hit!, sentAt, tamper(hit!.body))).toEqual({
      ok: false,
      error: 'No matching signature found',
    });
    expect(verifyAt(secret, hit!, new Date(sentAt.getTime() + 6 * 60_000))).toEqual({
      ok: false,
      error: 'Message timestamp too old',
    });
    const other = `whsec_${Buffer.from('another team secret 24 bytes').toString('base64')}`;
    expect(verifyAt(other, hit!, sentAt).ok).toBe(false);
  });

  it('posts a text that left the phone to the outbound hook, verified by standardwebhooks', async () => {
    const admin = await setUp();
    const crm = await startReceiver();
    await saveHooks(admin, { outboundHook: crm.url });
    const secret = await secretOf(admin, 'outbound');
    const device = await insertConnectedDevice(t, admin);
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages/sendSms',
      headers: admin.headers,
      payload: { body: 'Hello Ann', dataId: c.id, to: '+19164567890' },
    });
    expect(sent.statusCode).toBe(200);
    const [job] = await t.database.db.select().from(smsJobs);
    await t.database.db.update(smsJobs).set({ state: 'accepted' }).where(eq(smsJobs.id, job!.id));
    await t.app.services.sms.applyReports(device, [
      { id: job!.id, state: 'sent', at: '2026-11-21T10:00:00.000Z' },
    ]);
    await t.app.services.hookSender.flush();
    expect(crm.got.map((g) => JSON.parse(g.body))).toEqual([
      { body: 'Hello Ann', from: '+19165550100', to: '+19164567890', timestamp: '2026-11-21T10:00:00.000Z' },
    ]);
    const sentAt = new Date(Number(crm.got[0]!.headers['webhook-timestamp']) * 1000);
    expect(verifyAt(secret, crm.got[0]!, sentAt).ok).toBe(true);
    expect(verifyAt(secret, crm.got[0]!, sentAt, tamper(crm.got[0]!.body)).ok).toBe(false);
    expect(verifyAt(secret, crm.got[0]!, new Date(sentAt.getTime() + 10 * 60_000)).ok).toBe(false);
  });

  it('retries on the schedule when the hook fails, then succeeds, each attempt in the log', async () => {
    const admin = await setUp();
    const crm = await startReceiver([500, 200]);
    await saveHooks(admin, { inboundHook: crm.url });
    const device = await insertConnectedDevice(t, admin);
    await t.app.services.sms.applyInbound(device, [
      { id: 'x1', from: '+19164567890', body: 'Hi', at: t.clock.now().toISOString() },
    ]);
    await t.app.services.hookSender.flush();
    let [row] = await t.database.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastError: 'answered HTTP 500' });
    await t.app.services.hookSender.flush();
    expect(crm.got).toHaveLength(1); // not due yet
    t.clock.advance(5000);
    await t.app.services.hookSender.flush();
    [row] = await t.database.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(crm.got).toHaveLength(2);
    expect(crm.got[1]!.headers['webhook-id']).toBe(crm.got[0]!.headers['webhook-id']);
    const log = await t.database.db.select().from(webhookAttempts);
    expect(log.map((a) => a.statusCode).sort()).toEqual([200, 500]);
  });
});

describe('push to CRM', () => {
  it('asks for a push hook first, then sends the record with its texts and marks it pushed', async () => {
    const admin = await setUp();
    const c = await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      last: 'Lee',
      phones: ['916-456-7890'],
      status: 'Not contacted',
    });
    const push = () =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/services/pushToCrm',
        headers: admin.headers,
        payload: { itemId: c.id },
      });
    const none = await push();
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(serverMessages.hooks.noPushHook);
    const crm = await startReceiver();
    await saveHooks(admin, { pushHook: crm.url });
    await t.app.inject({
      method: 'POST',
      url: '/api/messages/add',
      headers: admin.headers,
      payload: { body: 'Motivated seller', dataId: c.id, dataType: 'contact' },
    });
    expect((await push()).json()).toEqual({ _id: c.id, pushedToCrm: true });
    await t.app.services.hookSender.flush();
    const payload = JSON.parse(crm.got[0]!.body);
    expect(payload).toMatchObject({
      'First name': 'Ann',
      'Last name': 'Lee',
      status: 'Not contacted',
      Notes: 'Motivated seller',
      messages: [],
    });
    const [row] = await t.database.db.select().from(items).where(eq(items.id, c.id));
    expect(row!.pushedToCrm).toBe(true);
  });
});

describe('push to CRM with a Podio hook', () => {
  it('sends the record to the push hook and the Podio hook, each signed with its own secret and in its own delivery log', async () => {
    const admin = await setUp();
    const crm = await startReceiver();
    await saveHooks(admin, { pushHook: `${crm.url}/push`, podioHook: `${crm.url}/podio` });
    const c = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    const pushed = await t.app.inject({
      method: 'PATCH',
      url: '/api/services/pushToCrm',
      headers: admin.headers,
      payload: { itemId: c.id },
    });
    expect(pushed.statusCode).toBe(200);
    await t.app.services.hookSender.flush();
    expect(crm.got).toHaveLength(2);
    for (const kind of ['push', 'podio']) {
      const secret = await secretOf(admin, kind);
      const hit = crm.got.find(
        (g) => JSON.parse(g.body)['First name'] === 'Ann' && verifyAt(secret, g, t.clock.now()).ok,
      );
      expect(hit, kind).toBeDefined();
      expect(hit!.headers['x-prospector-event']).toBe('contact.pushed');
      expect(verifyAt(secret, hit!, t.clock.now(), tamper(hit!.body)).ok).toBe(false);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/settings/webhooks',
        headers: admin.headers,
      });
      const endpoint = list.json().endpoints.find((e: { kind: string }) => e.kind === kind);
      const log = await t.app.inject({
        method: 'GET',
        url: `/api/settings/webhooks/${endpoint._id}/deliveries`,
        headers: admin.headers,
      });
      expect(log.json().deliveries).toMatchObject([
        { eventType: 'contact.pushed', state: 'delivered', attempts: [{ statusCode: 200 }] },
      ]);
    }
  });

  it('a Podio hook alone is enough to push, and a Podio hook that is not a URL fails in its log without a retry', async () => {
    const admin = await setUp();
    await saveHooks(admin, { podioHook: 'podio workflow 12' });
    const c = await insertContact(t.database.db, admin.teamId, { first: 'Bo', phones: ['916-456-7891'] });
    const pushed = await t.app.inject({
      method: 'PATCH',
      url: '/api/services/pushToCrm',
      headers: admin.headers,
      payload: { itemId: c.id },
    });
    expect(pushed.statusCode).toBe(200);
    await t.app.services.hookSender.flush();
    const [row] = await t.database.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, lastError: 'not a valid URL' });
  });
});

describe("the push hook's payload", () => {
  it("is part 2 §3's sample exactly: the texts, the contact's campaign, status, sentFrom, fields and Notes", async () => {
    const admin = await setUp();
    const crm = await startReceiver();
    await saveHooks(admin, { pushHook: crm.url });
    const { db } = t.database;
    const c = await insertContact(db, admin.teamId, {
      first: 'Ann',
      last: 'Lee',
      phones: ['916-456-7890'],
      emails: ['ann@lee.test'],
      status: 'Not contacted',
      data: { City: 'Sacramento' },
    });
    const at = (m: number) => new Date(Date.UTC(2026, 10, 20, 10, m));
    const campaign = (name: string, minute: number) => ({
      teamId: admin.teamId,
      name,
      listIds: [],
      statusIds: [],
      weekDays: [1],
      startHour: 9,
      endHour: 17,
      startDate: at(0),
      timezone: 'UTC',
      groupIds: [],
      deviceIds: [],
      createdAt: at(minute),
    });
    const [older, spring, never] = await db
      .insert(campaigns)
      .values([campaign('Winter list', 0), campaign('Spring sellers', 1), campaign('Not yet', 2)])
      .returning();
    await db.insert(campaignRecipients).values([
      { campaignId: older!.id, teamId: admin.teamId, itemId: c.id, nextAt: at(0), lastSentAt: at(3) },
      { campaignId: spring!.id, teamId: admin.teamId, itemId: c.id, nextAt: at(0), lastSentAt: at(5) },
      { campaignId: never!.id, teamId: admin.teamId, itemId: c.id, nextAt: at(0) },
    ]);
    const text = (body: string, direction: 'in' | 'out', minute: number, extra: object = {}) => ({
      teamId: admin.teamId,
      itemId: c.id,
      body,
      direction,
      phone: '+19164567890',
      createdAt: at(minute),
      ...extra,
    });
    await db
      .insert(messagesTable)
      .values([
        text('Hi Ann, is 12 Oak St for sale?', 'out', 5, { sentFrom: '+19165550100', status: 'delivered' }),
        text('Maybe. Who is this?', 'in', 6),
        text('Motivated seller', 'out', 7, { comment: true }),
        text('Campaign paused', 'out', 8, { system: true }),
        text('Call after 5', 'out', 9, { comment: true }),
      ]);
    const pushed = await t.app.inject({
      method: 'PATCH',
      url: '/api/services/pushToCrm',
      headers: admin.headers,
      payload: { itemId: c.id },
    });
    expect(pushed.statusCode).toBe(200);
    await t.app.services.hookSender.flush();
    expect(JSON.parse(crm.got[0]!.body)).toEqual({
      messages: [
        { createdAt: '2026-11-20T10:05:00.000Z', body: 'Hi Ann, is 12 Oak St for sale?', direction: 'out' },
        { createdAt: '2026-11-20T10:06:00.000Z', body: 'Maybe. Who is this?', direction: 'in' },
      ],
      campaignName: 'Spring sellers',
      status: 'Not contacted',
      sentFrom: '+19165550100',
      'First name': 'Ann',
      'Last name': 'Lee',
      City: 'Sacramento',
      Phone: '+19164567890',
      Email: 'ann@lee.test',
      Notes: 'Motivated seller\nCall after 5',
    });
  });

  it('has a null campaignName for a contact no campaign picked', async () => {
    const admin = await setUp();
    const crm = await startReceiver();
    await saveHooks(admin, { pushHook: crm.url });
    const c = await insertContact(t.database.db, admin.teamId, { first: 'Bo', phones: ['916-456-7891'] });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/services/pushToCrm',
      headers: admin.headers,
      payload: { itemId: c.id },
    });
    await t.app.services.hookSender.flush();
    expect(JSON.parse(crm.got[0]!.body).campaignName).toBeNull();
  });
});

describe('the public API', () => {
  it('texts an existing prospect by API key, refuses unknown keys and numbers, and limits the rate', async () => {
    const admin = await setUp({ PUBLIC_API_PER_MINUTE: 2 });
    const { apiKey } = (
      await t.app.inject({ method: 'GET', url: '/api/users/integrations', headers: admin.headers })
    ).json();
    await insertConnectedDevice(t, admin);
    await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/public/sendSMS', payload });
    expect((await send({ apiKey: 'pk_wrong-key-123', to: '+19164567890', body: 'Hi' })).statusCode).toBe(401);
    const stranger = await send({ apiKey, to: '+19164560000', body: 'Hi' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(serverMessages.hooks.unknownProspect);
    const ok = await send({ apiKey, to: '(916) 456-7890', body: 'Hi from our CRM' });
    expect(ok.statusCode).toBe(200);
    expect(await t.database.db.select().from(smsJobs)).toHaveLength(1);
    expect((await send({ apiKey, to: '+19164567890', body: 'Again' })).statusCode).toBe(429);
  });
});
