import { eq, sql } from 'drizzle-orm';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { devices, identifiers, messages, smsJobs, teams } from '../../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { startFakeBlueBubbles, type FakeBlueBubbles } from '../../../test/fake-bluebubbles.js';
import {
  connectAppPhone,
  FakeSmsGatewayApp,
  fixture,
  gsonJson,
  sign,
} from '../../../test/fake-sms-gateway-app.js';
import { insertContact, insertTeamAdmin, statusId, type TestUser } from '../../../test/factories.js';

// Monday 5 January 2026, 10:00 in New York: inside the campaign's hours.
const MONDAY_10_NY = new Date('2026-01-05T15:00:00Z');
const RECIPIENTS = 200;

let t: TestApp;
let admin: TestUser;
let other: TestUser;
let apiUrl: string;

async function freePort() {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  t = await buildTestApp(
    {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CAMPAIGN_GAP_MIN_MS: 0,
      CAMPAIGN_GAP_MAX_MS: 0,
      CAMPAIGN_BATCH_PER_DEVICE: 40,
      DEVICE_MAX_IN_FLIGHT: 25,
      CAMPAIGN_FIRST_TOUCH_CAP: 200,
      // The Mac with BlueBubbles runs on this machine; its rounds are called by the test.
      REMOTE_DEVICES_ALLOW_LOOPBACK: true,
      REMOTE_DEVICES_POLL_MS: 3_600_000,
    },
    { phoneZones: async () => ['America/New_York'], random: () => 0.5 },
  );
  t.clock.set(MONDAY_10_NY);
  await t.app.listen({ host: '127.0.0.1', port });
  apiUrl = `http://127.0.0.1:${port}/api/mobile/v1`;
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  other = await insertTeamAdmin(t, 'admin@other.test');
  for (const u of [admin, other])
    await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, u.teamId));
}, 60_000);
afterAll(async () => {
  await t.close();
  await mac?.close();
});

const api = async (user: TestUser, method: 'PUT' | 'POST' | 'PATCH', url: string, payload: object) => {
  const res = await t.app.inject({ method, url, headers: user.headers, payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

async function code(user: TestUser, phone: string) {
  return (await api(user, 'POST', '/api/services/smsGatewayCode', { value: phone })) as {
    code: string;
    apiUrl: string;
    device: { _id: string; transport: string; connected: boolean };
  };
}

/** A phone with the app, registered with a fresh code of the user's team and online. */
function phone(user: TestUser, number: string) {
  return connectAppPhone(t, user, number, { now: () => t.clock.now(), sendDelayMs: 2 });
}

async function until(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const jobsOf = (teamId: string) => t.database.db.select().from(smsJobs).where(eq(smsJobs.teamId, teamId));

let phoneA: FakeSmsGatewayApp;
let phoneB: FakeSmsGatewayApp;
let mac: FakeBlueBubbles | undefined;
let macId: string;
/** The Mac's own row: the jobs of its iPhone are queued on it, as on the Messages agent. */
let macAgentId: string;

describe('the SMS Gateway app in private server mode', () => {
  it('registers by code with the API URL shown, gets SSE only, its key and the pace, and shows connected', async () => {
    const made = await code(admin, '+19175550101');
    expect(made.apiUrl).toBe(apiUrl);
    expect(made.code).toMatch(/^\d{4} \d{4}$/);
    expect(made.device).toMatchObject({ transport: 'sms_gateway', connected: false });
    phoneA = new FakeSmsGatewayApp({
      apiUrl,
      phoneNumber: '+19175550101',
      now: () => t.clock.now(),
      sendDelayMs: 2,
    });
    const registered = await phoneA.register(made.code);
    expect(registered.id).toBe(made.device._id);
    expect(phoneA.settings['gateway']).toEqual({ notification_channel: 'SSE_ONLY' });
    expect(String(phoneA.settings['webhooks']?.['signing_key'])).toMatch(/^[\w-]{32}$/);
    expect(phoneA.settings['messages']).toMatchObject({ send_interval_min: 0, limit_period: 'Per30Minutes' });
    expect(phoneA.webhooks.map((w) => w.event).sort()).toEqual([
      'sms:delivered',
      'sms:failed',
      'sms:received',
      'sms:sent',
    ]);
    expect(phoneA.webhooks[0]!.url).toBe(`${apiUrl}/webhooks/${made.device._id}`);
    const connected = phoneA.connected();
    phoneA.start();
    await connected;
    const list = await t.app.inject({ method: 'GET', url: '/api/services/devices', headers: admin.headers });
    expect(list.json().devices).toEqual([
      expect.objectContaining({ _id: made.device._id, transport: 'sms_gateway', connected: true }),
    ]);
    // Only the token's hash is kept.
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, made.device._id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(phoneA.token);
    phoneB = await phone(admin, '+19175550102');

    // The team's daily limit is part of the phones' pace: changing it tells them over their streams.
    const limit = () =>
      [phoneA, phoneB].map((p) => (p.settings['messages'] as { limit_value?: number }).limit_value);
    const before = limit();
    await api(admin, 'PATCH', '/api/users/changePpgl', { ppgl: 37 });
    await until(async () => limit().every((v) => v === 37), 'both phones to fetch the new limit');
    expect(before).not.toContain(37);
    await api(admin, 'PATCH', '/api/users/changePpgl', { ppgl: 200 });
    await until(async () => limit().every((v) => v === 200), 'both phones to fetch the limit back');

    mac = await startFakeBlueBubbles();
    await api(admin, 'POST', '/api/services/addBlueBubbles', {
      url: mac.url,
      password: mac.password,
      value: '+19175550103',
    });
    // The campaign sends from the Mac's iPhone (its row under the Mac), as with the Messages agent.
    const [iPhone] = await t.database.db.select().from(devices).where(eq(devices.value, '+19175550103'));
    macId = iPhone!.id;
    macAgentId = iPhone!.macId!;
  });

  it(`texts ${RECIPIENTS} recipients over two app phones and a Mac with BlueBubbles once each, one phone killed mid-campaign, with states, replies and a STOP`, async () => {
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `+1212555${String(1000 + i)}`);
    for (const [i, p] of numbers.entries())
      await insertContact(t.database.db, admin.teamId, {
        first: `Ann${i}`,
        status: 'Not contacted',
        phones: [p],
      });
    const group = await api(admin, 'PUT', '/api/templates/addGroup', { name: 'Openers' });
    await api(admin, 'PUT', '/api/templates/addTemplate', {
      text: 'Hi **First name**, still own it?',
      groupId: group._id,
    });
    await api(admin, 'POST', '/api/campaigns/launch', {
      name: 'Spring',
      campaignType: 'Text',
      statuses: [await statusId(t.database.db, admin.teamId, 'Not contacted')],
      weekDays: [1, 2, 3, 4, 5],
      startTime: '2026-01-05T14:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
      startDate: '2026-01-05T05:00:00Z',
      groupIds: [group._id],
      devices: [phoneA.deviceId, phoneB.deviceId, macId],
    });
    // A campaign tick, then the Mac's round (its texts sent through BlueBubbles) and its deliveries.
    const tick = async () => {
      await t.app.services.campaignEngine.tick();
      await t.app.services.remoteDriver.round();
      await mac!.deliverAll();
    };
    await tick();
    // Phone A dies with texts in its journal it has not sent, and others it has not confirmed.
    await until(
      async () => phoneA.sent.length >= 5 && phoneA.pending() > 0,
      'phone A to send some and hold more',
    );
    phoneA.kill();
    const heldWhenKilled = phoneA.pending();
    await until(
      async () =>
        (await t.database.db.select().from(devices).where(eq(devices.id, phoneA.deviceId!)))[0]!.connected ===
        false,
      'phone A to show disconnected',
    );
    for (let i = 0; i < 20; i++) await tick();
    const back = phoneA.connected();
    phoneA.start();
    await back;
    try {
      await until(async () => {
        await tick();
        const all = await jobsOf(admin.teamId);
        return all.length === RECIPIENTS && all.every((j) => j.state === 'delivered');
      }, 'every text delivered');
    } catch (err) {
      // Where the texts stood, to see what was lost or stuck.
      const by: Record<string, number> = {};
      for (const j of await jobsOf(admin.teamId)) {
        const key = `${j.deviceId === phoneA.deviceId ? 'A' : j.deviceId === macAgentId ? 'Mac' : 'B'}:${j.state}:${j.externalId ? 'held' : 'unheld'}`;
        by[key] = (by[key] ?? 0) + 1;
      }
      throw new Error(`${(err as Error).message}: ${JSON.stringify(by)}`);
    }

    // The texts it held when killed were offered again, recognised by id, and sent once.
    expect(heldWhenKilled).toBeGreaterThan(0);
    expect(phoneA.reoffered).toBeGreaterThan(0);
    // Once each: what left the two phones and the Mac is every recipient exactly once.
    const fromMac = mac!.messages
      .filter((m) => m.isFromMe && !m.error)
      .map((m) => ({ to: m.handle.address }));
    expect(fromMac.length).toBeGreaterThan(0);
    expect(mac!.sends).toHaveLength(fromMac.length);
    const left = [...phoneA.sent, ...phoneB.sent, ...fromMac];
    expect(left).toHaveLength(RECIPIENTS);
    expect(new Set(left.map((s) => s.to)).size).toBe(RECIPIENTS);
    expect(new Set(left.map((s) => s.to))).toEqual(new Set(numbers));
    // The states reached the threads.
    const out = await queryRows<{ status: string; n: number }>(
      t.database.db,
      sql`select status, count(*)::int as n from messages where team_id = ${admin.teamId} and direction = 'out' group by status`,
    );
    expect(out).toEqual([{ status: 'delivered', n: RECIPIENTS }]);
    // Every text of the Mac's share went out from the Mac.
    const macJobs = (await jobsOf(admin.teamId)).filter((j) => j.deviceId === macAgentId);
    expect(new Set(macJobs.map((j) => j.to))).toEqual(new Set(fromMac.map((m) => m.to)));
    // No webhook of a phone was refused.
    expect([...phoneA.webhookAnswers, ...phoneB.webhookAnswers].every((s) => s === 204)).toBe(true);

    // A reply lands in its contact's thread; a STOP marks the number DNC.
    const [replier, stopper] = [phoneB.sent[0]!.to, phoneA.sent[0]!.to];
    phoneB.receive(replier, 'Yes, call me after 5 & ask for Bo');
    phoneA.receive(stopper, 'STOP');
    await until(async () => {
      const [id] = await t.database.db.select().from(identifiers).where(eq(identifiers.value, stopper));
      return id?.status === 'DNC';
    }, 'the STOP to mark DNC');
    await until(async () => {
      const rows = await t.database.db
        .select()
        .from(messages)
        .where(eq(messages.body, 'Yes, call me after 5 & ask for Bo'));
      return rows.length === 1 && rows[0]!.direction === 'in';
    }, 'the reply in the thread');
    const [replierId] = await t.database.db.select().from(identifiers).where(eq(identifiers.value, replier));
    const [reply] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.body, 'Yes, call me after 5 & ask for Bo'));
    expect(reply!.itemId).toBe(replierId!.itemId);
    expect(replierId!.status).toBe('');

    // A reply to the Mac's iPhone lands in its contact's thread too.
    const macReplier = fromMac[0]!.to;
    await mac!.reply(macReplier, 'Who is this?');
    const [macReplierId] = await t.database.db
      .select()
      .from(identifiers)
      .where(eq(identifiers.value, macReplier));
    await until(async () => {
      const rows = await t.database.db.select().from(messages).where(eq(messages.body, 'Who is this?'));
      return rows.length === 1 && rows[0]!.direction === 'in' && rows[0]!.itemId === macReplierId!.itemId;
    }, "the reply to the Mac in the contact's thread");
  }, 240_000);

  it('refuses a used code, a wrong one, and a missing one, with nothing changed', async () => {
    const made = await code(admin, '+19175550103');
    const first = new FakeSmsGatewayApp({ apiUrl, phoneNumber: '+19175550103', now: () => t.clock.now() });
    await first.register(made.code);
    const again = await fetch(`${apiUrl}/device`, {
      method: 'POST',
      headers: { ...fixture('register').headers, Authorization: `Code ${made.code}` },
      body: gsonJson({ name: 'x/y' }),
    });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: string }).code).toBe('DEVICE_CODE_INVALID');
    for (const authorization of ['Code 00000000', 'Code 12', 'Bearer whatever', '']) {
      const res = await fetch(`${apiUrl}/device`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: '{"name":"x/y"}',
      });
      expect(res.status).toBe(401);
    }
    // An expired code: ten minutes and one second later.
    const late = await code(admin, '+19175550104');
    t.clock.set(new Date(MONDAY_10_NY.getTime() + 10 * 60_000 + 1000));
    try {
      const res = await fetch(`${apiUrl}/device`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Code ${late.code}` },
        body: '{"name":"x/y"}',
      });
      expect(res.status).toBe(401);
    } finally {
      t.clock.set(MONDAY_10_NY);
    }
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, late.device._id));
    expect(row!.tokenHash).toBeNull();
    // The first phone's token still works; an unknown token does not.
    expect(
      (await fetch(`${apiUrl}/message`, { headers: { authorization: `Bearer ${first.token}` } })).status,
    ).toBe(200);
    expect((await fetch(`${apiUrl}/message`, { headers: { authorization: 'Bearer nope' } })).status).toBe(
      401,
    );
    expect((await fetch(`${apiUrl}/events`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('refuses a wrong signature, an old timestamp, a replay and malformed JSON, and changes nothing', async () => {
    const before = await t.database.db.select().from(messages).where(eq(messages.teamId, admin.teamId));
    const hook = {
      event: 'sms:received',
      payload: {
        message: 'Forged',
        receivedAt: '2026-01-05T22:00:00.000+07:00',
        messageId: 'abc123',
        sender: '+12125551000',
      },
    };
    const url = phoneA.webhooks.find((w) => w.event === 'sms:received')!.url;
    const post = (body: string, headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers, body });

    const wrongKey = phoneA.signedWebhook(hook, { key: 'not-the-key' });
    expect((await post(wrongKey.body, wrongKey.headers)).status).toBe(401);
    const old = phoneA.signedWebhook(hook, { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 301 });
    expect((await post(old.body, old.headers)).status).toBe(401);
    const good = phoneA.signedWebhook(hook);
    const tampered = good.body.replace('Forged', 'Forgex');
    expect((await post(tampered, good.headers)).status).toBe(401);
    const { 'X-Signature': _, ...unsigned } = good.headers;
    expect((await post(good.body, unsigned)).status).toBe(401);
    // Signed right, but not JSON.
    const ts = String(Math.floor(t.clock.now().getTime() / 1000));
    const key = String(phoneA.settings['webhooks']!['signing_key']);
    const broken = '{"event":"sms:received",';
    expect(
      (
        await post(broken, {
          'content-type': 'application/json',
          'x-timestamp': ts,
          'x-signature': sign(key, broken, ts),
        })
      ).status,
    ).toBe(400);
    // Another phone's key does not sign for this one.
    const otherKey = phoneA.signedWebhook(hook, { key: String(phoneB.settings['webhooks']!['signing_key']) });
    expect((await post(otherKey.body, otherKey.headers)).status).toBe(401);
    // An unknown phone.
    const unknown = await fetch(url.replace(phoneA.deviceId!, '00000000-0000-4000-8000-000000000000'), {
      method: 'POST',
      headers: good.headers,
      body: good.body,
    });
    expect(unknown.status).toBe(401);
    const after = await t.database.db.select().from(messages).where(eq(messages.teamId, admin.teamId));
    expect(after.length).toBe(before.length);

    // The right one is taken once; the same request again is a replay.
    expect((await post(good.body, good.headers)).status).toBe(204);
    const replay = await post(good.body, good.headers);
    expect(replay.status).toBe(409);
    await until(
      async () =>
        (await t.database.db.select().from(messages).where(eq(messages.body, 'Forged'))).length === 1,
      'the signed text stored once',
    );
    // Malformed JSON to the bearer routes is the catalogue's 400.
    const bad = await fetch(`${apiUrl}/message`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${phoneA.token}`, 'content-type': 'application/json' },
      body: '[{"id":',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('APP_REQUEST_INVALID');
  });

  it("ignores a state for another team's text or another phone's, and a phone never acts for another team", async () => {
    const foreign = await phone(other, '+19175550199');
    const contact = await insertContact(t.database.db, other.teamId, {
      first: 'Zed',
      phones: ['+13105550111'],
    });
    const sent = await api(other, 'POST', '/api/messages/sendSms', {
      dataId: contact.id,
      to: '+13105550111',
      body: 'Hello Zed',
    });
    expect(sent.message).toBeTruthy();
    await until(
      async () => (await jobsOf(other.teamId)).some((j) => j.state === 'delivered'),
      "the other team's text",
    );
    await until(async () => foreign.webhookAnswers.length >= 2, "the other phone's webhooks");
    await foreign.idle();
    foreign.kill();
    const [job] = await jobsOf(other.teamId);
    // Reset it to accepted to see that phone A's word cannot move it.
    await t.database.db.update(smsJobs).set({ state: 'accepted' }).where(eq(smsJobs.id, job!.id));
    const res = await fetch(`${apiUrl}/message`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${phoneA.token}`, 'content-type': 'application/json' },
      body: gsonJson([
        {
          id: job!.id,
          state: 'Failed',
          recipients: [{ phoneNumber: '+13105550111', state: 'Failed' }],
          states: {},
        },
      ]),
    });
    expect(res.status).toBe(404);
    const hook = phoneA.signedWebhook({
      event: 'sms:failed',
      payload: { messageId: job!.id, failedAt: '2026-01-05T22:00:00.000+07:00', reason: 'x' },
    });
    const viaHook = await fetch(phoneA.webhooks[0]!.url, {
      method: 'POST',
      headers: hook.headers,
      body: hook.body,
    });
    expect(viaHook.status).toBe(404);
    const [still] = await t.database.db.select().from(smsJobs).where(eq(smsJobs.id, job!.id));
    expect(still!.state).toBe('accepted');
    // States arriving together are applied together: phone A's word about the text is still refused
    // while its own phone's, in the same batch, moves it.
    const forged = phoneA.signedWebhook({
      event: 'sms:failed',
      payload: { messageId: job!.id, failedAt: '2026-01-05T22:00:00.000+07:00', reason: 'y' },
    });
    const genuine = foreign.signedWebhook({
      event: 'sms:sent',
      payload: { messageId: job!.id, sentAt: '2026-01-05T22:00:01.000+07:00', partsCount: 1 },
    });
    const together = await Promise.all([
      fetch(phoneA.webhooks[0]!.url, { method: 'POST', headers: forged.headers, body: forged.body }),
      fetch(foreign.webhooks[0]!.url, { method: 'POST', headers: genuine.headers, body: genuine.body }),
    ]);
    expect(together.map((r) => r.status)).toEqual([404, 204]);
    const [moved] = await t.database.db.select().from(smsJobs).where(eq(smsJobs.id, job!.id));
    expect(moved!.state).toBe('sent');
    expect(moved!.error).toBeNull();
    await t.database.db.update(smsJobs).set({ state: 'accepted' }).where(eq(smsJobs.id, job!.id));
    // Phone A's pull never hands it another team's text.
    const pulled = (await (
      await fetch(`${apiUrl}/message`, { headers: { authorization: `Bearer ${phoneA.token}` } })
    ).json()) as { id: string }[];
    expect(pulled.map((m) => m.id)).not.toContain(job!.id);
  });

  it('applies the state webhooks that arrive while a batch is being written as one next batch, from both phones', async () => {
    const burst = await insertTeamAdmin(t, 'admin@burst.test');
    await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, burst.teamId));
    const one = await phone(burst, '+19175550301');
    const two = await phone(burst, '+19175550302');
    one.kill();
    two.kill();
    // Twelve texts, six from each phone, written while both are away.
    for (let i = 0; i < 12; i++) {
      const to = `+1310555${String(1200 + i)}`;
      const contact = await insertContact(t.database.db, burst.teamId, { first: `Burst ${i}`, phones: [to] });
      await api(burst, 'POST', '/api/messages/sendSms', {
        dataId: contact.id,
        to,
        from: i % 2 ? '+19175550302' : '+19175550301',
        body: `Burst ${i}`,
      });
    }
    const jobs = await jobsOf(burst.teamId);
    expect(jobs).toHaveLength(12);
    await t.database.db.update(smsJobs).set({ state: 'accepted' }).where(eq(smsJobs.teamId, burst.teamId));
    const byPhone = new Map([
      [one.deviceId, one],
      [two.deviceId, two],
    ]);
    const webhook = (job: (typeof jobs)[number]) => {
      const app = byPhone.get(job.deviceId!)!;
      const hook = app.signedWebhook({
        event: 'sms:sent',
        payload: { messageId: job.id, sentAt: '2026-01-05T10:00:01.000-05:00', partsCount: 1 },
      });
      return t.app.services.smsGateway.webhook(app.deviceId!, hook.body, {
        signature: hook.headers['X-Signature'],
        timestamp: hook.headers['X-Timestamp'],
      });
    };
    // Each phone's first webhook reads its phone from the database; later ones find it in memory.
    const [first, second] = [
      jobs.find((j) => j.deviceId === one.deviceId)!,
      jobs.find((j) => j.deviceId === two.deviceId)!,
    ];
    for (const r of await Promise.all([webhook(first), webhook(second)])) expect(r.ok).toBe(true);

    // The next batch is held in its write; nine webhooks from both phones arrive meanwhile.
    const sms = t.app.services.sms;
    const write = sms.applyReportsOfMany.bind(sms);
    const batches: { phones: number; reports: number }[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(sms, 'applyReportsOfMany').mockImplementation(async (groups, known) => {
      batches.push({ phones: groups.length, reports: groups.reduce((n, g) => n + g.reports.length, 0) });
      if (batches.length === 1) await held;
      return write(groups, known);
    });
    try {
      const rest = jobs.filter((j) => j.id !== first.id && j.id !== second.id);
      const blocked = webhook(rest[0]!);
      await until(async () => batches.length === 1, 'the held batch');
      const nine = rest.slice(1).map(webhook);
      await new Promise((r) => setImmediate(r));
      release();
      for (const r of await Promise.all([blocked, ...nine])) expect(r.ok).toBe(true);
    } finally {
      spy.mockRestore();
    }
    // One write for the held webhook, one for the nine that came while it was written.
    expect(batches).toEqual([
      { phones: 1, reports: 1 },
      { phones: 2, reports: 9 },
    ]);
    expect((await jobsOf(burst.teamId)).map((j) => j.state)).toEqual(Array(12).fill('sent'));
  });

  it('removing the phone revokes its token and ends its stream', async () => {
    const gone = await phone(admin, '+19175550105');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/services/removeNumbers',
      headers: admin.headers,
      payload: { phones: ['+19175550105'] },
    });
    expect(res.json()).toEqual({ removed: 1 });
    expect(
      (await fetch(`${apiUrl}/message`, { headers: { authorization: `Bearer ${gone.token}` } })).status,
    ).toBe(401);
    gone.kill();
    phoneA.kill();
    phoneB.kill();
  });
});
