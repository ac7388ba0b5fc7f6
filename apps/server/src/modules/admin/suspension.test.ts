import { DEVICE_NAMESPACE, serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devices, smsJobs, teams } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin, statusId, type TestUser } from '../../test/factories.js';
import { setUpSecondFactor } from '../../test/staff.js';
import { deviceToken } from '../devices/index.js';

// Monday 5 January 2026, 10:00 in New York: inside the campaign's hours.
const MONDAY_10_NY = new Date('2026-01-05T15:00:00Z');
type Job = { id: string; to: string; body: string };

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let base: string;
const sockets: Socket[] = [];
beforeEach(async () => {
  t = await buildTestApp(
    {
      STAFF_EMAILS: ['staff@prospector.test'],
      CAMPAIGN_GAP_MIN_MS: 0,
      CAMPAIGN_GAP_MAX_MS: 0,
      CAMPAIGN_BATCH_PER_DEVICE: 1,
    },
    { phoneZones: async () => ['America/New_York'], random: () => 0.5 },
  );
  t.clock.set(MONDAY_10_NY);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await insertTeamAdmin(t, 'owner@acme.test');
  await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
  staff = await insertTeamAdmin(t, 'staff@prospector.test', 'Sam Staff');
  await setUpSecondFactor(t, staff);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await t.close();
});

const api = async (who: TestUser, method: 'PUT' | 'POST' | 'PATCH', url: string, payload: object) => {
  const res = await t.app.inject({ method, url, headers: who.headers, payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

/** The team's phone, running a hand-driven agent that records every job it is offered. */
async function connectedPhone() {
  const { device } = await api(admin, 'POST', '/api/services/addNumber', {
    phoneType: 'Android',
    value: '+19175550100',
  });
  const socket = io(base + DEVICE_NAMESPACE, {
    auth: {
      token: deviceToken(t.app.config.authSecret, device._id, 1),
      platform: 'sim',
      agentVersion: 'test',
    },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  const offered: Job[] = [];
  socket.on('jobs', ({ jobs }: { jobs: Job[] }) => offered.push(...jobs));
  await new Promise((r) => socket.once('hello', r));
  await t.database.db.update(devices).set({ pingedAt: t.clock.now() }).where(eq(devices.id, device._id));
  return { id: device._id as string, offered };
}

async function launch(deviceId: string) {
  const group = await api(admin, 'PUT', '/api/templates/addGroup', { name: 'Openers' });
  await api(admin, 'PUT', '/api/templates/addTemplate', { text: 'Hello there friend', groupId: group._id });
  return api(admin, 'POST', '/api/campaigns/launch', {
    name: 'Spring',
    campaignType: 'Text',
    statuses: [await statusId(t.database.db, admin.teamId, 'Not contacted')],
    weekDays: [1, 2, 3, 4, 5],
    startTime: '2026-01-05T14:00:00Z',
    endTime: '2026-01-05T23:00:00Z',
    startDate: '2026-01-05T05:00:00Z',
    groupIds: [group._id],
    devices: [deviceId],
  });
}

const settle = () => new Promise((r) => setTimeout(r, 300));
const tick = () => t.app.services.campaignEngine.tick();
const jobCount = async () => (await t.database.db.select().from(smsJobs)).length;

describe('suspending a team', () => {
  it('stops its running campaign at the next engine tick, and no job reaches its device afterwards', async () => {
    const phone = await connectedPhone();
    const contacts = [];
    for (let i = 0; i < 4; i++)
      contacts.push(
        await insertContact(t.database.db, admin.teamId, {
          first: `Ann${i}`,
          status: 'Not contacted',
          phones: [`212-555-01${10 + i}`],
        }),
      );
    await launch(phone.id);
    expect((await tick()).sent).toBe(1);
    await settle();
    expect(phone.offered).toHaveLength(1);

    await api(staff, 'PATCH', '/api/admin/suspend', { teamId: admin.teamId, reason: 'Spam complaints' });
    expect((await tick()).sent).toBe(0);
    expect((await tick()).sent).toBe(0);
    // A text the team's users send by hand is refused, saying so: nothing waits to go out on lifting.
    const byHand = {
      body: 'Hi by hand',
      dataId: contacts[3]!.id,
      dataType: 'contact',
      to: '+12125550113',
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/messages/sendSms',
      headers: admin.headers,
      payload: byHand,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(serverMessages.admin.suspendedNothingSent);
    await settle();
    expect(await jobCount()).toBe(1);
    expect(phone.offered).toHaveLength(1);

    // The control: lifted, the campaign sends again at the next tick and a text by hand goes out.
    await api(staff, 'PATCH', '/api/admin/suspend', { teamId: admin.teamId });
    expect((await tick()).sent).toBe(1);
    await api(admin, 'POST', '/api/messages/sendSms', byHand);
    await settle();
    expect(phone.offered.map((j) => j.body)).toEqual(expect.arrayContaining(['Hi by hand']));
    expect(phone.offered).toHaveLength(3);
  });

  it("is stopped at every outgoing path: the public API, buying a number, a call, the dialler's Start", async () => {
    const { apiKey } = (
      await t.app.inject({ method: 'GET', url: '/api/users/integrations', headers: admin.headers })
    ).json();
    await connectedPhone();
    const c = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['212-555-0120'],
    });
    const paths = {
      publicSendSms: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/public/sendSMS',
          payload: { apiKey, to: '+12125550120', body: 'From our CRM' },
        }),
      buyNumber: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/calls/buyNumber',
          headers: admin.headers,
          payload: { areaCode: '212' },
        }),
      call: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/calls/new',
          headers: admin.headers,
          payload: { dataId: c.id },
        }),
    };
    await api(staff, 'PATCH', '/api/admin/suspend', { teamId: admin.teamId, reason: 'Spam complaints' });
    for (const [name, send] of Object.entries(paths)) {
      const res = await send();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
      expect(res.json().message, name).toBe(serverMessages.admin.suspendedNothingSent);
    }
    expect(await jobCount()).toBe(0);

    const socket = io(base, { auth: { token: admin.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise((r) => socket.once('init', r));
    expect((await socket.timeout(10_000).emitWithAck('joinDialler', {})).ok).toBe(true);
    const start = await socket.timeout(10_000).emitWithAck('editMember', { action: 'start' });
    expect(start).toEqual({ ok: false, message: serverMessages.admin.suspendedNothingSent });

    // The control: lifted, the same public API call and purchase go through.
    await api(staff, 'PATCH', '/api/admin/suspend', { teamId: admin.teamId });
    expect((await paths.publicSendSms()).statusCode).toBe(200);
    expect((await paths.buyNumber()).statusCode).toBe(200);
  });

  it("tells the team's open screens at once: the suspension with its reason, its lifting, and credits staff add", async () => {
    const socket = io(base, { auth: { token: admin.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const heard: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
    await new Promise((r) => socket.once('init', r));

    const since = t.clock.now().toISOString();
    await api(staff, 'PATCH', '/api/admin/suspend', { teamId: admin.teamId, reason: 'Spam complaints' });
    await api(staff, 'PATCH', '/api/admin/suspend', { teamId: admin.teamId });
    await api(staff, 'PATCH', '/api/admin/addCredits', { teamId: admin.teamId, amount: 25 });
    await expect
      .poll(() => heard.filter((h) => !['init', 'memberPresence'].includes(h.event)), { timeout: 10_000 })
      .toEqual([
        {
          event: 'teamSuspension',
          payload: { suspension: { reason: 'Spam complaints', since } },
        },
        { event: 'teamSuspension', payload: { suspension: null } },
        { event: 'creditsChanged', payload: { credits: 25 } },
      ]);
  });
});
