import { DEVICE_NAMESPACE, serverEvents, type ServerEventName } from '@prospector/core';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, teams } from '../db/schema/index.js';
import { deviceToken } from '../modules/devices/devices.tokens.js';
import { bearer, buildTestApp, loginAs, type TestApp } from './app.js';
import { insertContact, insertMember, insertTeamAdmin, statusId, type TestUser } from './factories.js';
import { importCsv } from '../modules/lists/lists.test-support.js';
import { setUpSecondFactor } from './staff.js';

/*
 * The realtime twin of the HTTP tenant sweep (issue 15 item 3): every kind of server event is caused
 * for real, and a socket of another team never hears it; an event about a record never reaches an
 * 'Only assigned' member who is not assigned to it. Each step has a positive control (who must hear
 * it does), and the sweep fails when an event kind is added without a step that causes it.
 */

type Heard = { event: string; payload: unknown };
type Listener = { socket: Socket; heard: Heard[] };

let t: TestApp;
let base: string;
let admin: TestUser;
let allie: TestUser;
let olly: TestUser;
let bAdmin: TestUser;
let ollysRecord: string;
let othersRecord: string;
const opened: Socket[] = [];
const listeners: Record<'admin' | 'allie' | 'olly' | 'bAdmin', Listener> = {} as never;

function connect(token: string): Promise<Listener> {
  const socket = io(base, { auth: { token }, transports: ['websocket'], reconnection: false });
  opened.push(socket);
  const listener: Listener = { socket, heard: [] };
  socket.onAny((event: string, payload: unknown) => listener.heard.push({ event, payload }));
  return new Promise((resolve) => socket.once('init', () => resolve(listener)));
}

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

function phoneAgent(deviceId: string) {
  const socket = io(base + DEVICE_NAMESPACE, {
    auth: { token: deviceToken(t.app.config.authSecret, deviceId, 1), platform: 'sim', agentVersion: 'test' },
    transports: ['websocket'],
    reconnection: false,
  });
  opened.push(socket);
  const jobs: { id: string }[] = [];
  socket.on('jobs', (p: { jobs: { id: string }[] }) => jobs.push(...p.jobs));
  return {
    jobs,
    ready: new Promise((r) => socket.once('hello', r)),
    ask: (event: string, payload: object) => socket.timeout(5000).emitWithAck(event, payload),
  };
}

beforeAll(async () => {
  t = await buildTestApp({ STAFF_EMAILS: ['staff@prospector.test'] }, { realClock: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  allie = await insertMember(t, admin.teamId, 'allie@acme.test', { dataAccess: 'All data' });
  olly = await insertMember(t, admin.teamId, 'olly@acme.test', { dataAccess: 'Only assigned' });
  bAdmin = await insertTeamAdmin(t, 'admin@other.test');
  ollysRecord = (
    await insertContact(t.database.db, admin.teamId, { phones: ['+19164567801'], assignedTo: [olly.userId] })
  ).id;
  othersRecord = (
    await insertContact(t.database.db, admin.teamId, { phones: ['+19164567802'], assignedTo: [allie.userId] })
  ).id;
  listeners.admin = await connect(admin.token);
  listeners.allie = await connect(allie.token);
  listeners.olly = await connect(olly.token);
  listeners.bAdmin = await connect(bAdmin.token);
}, 60_000);

afterAll(async () => {
  for (const s of opened.splice(0)) s.disconnect();
  await t.close();
});

const covered = new Set<ServerEventName>();

/**
 * Clears what every socket heard, causes the events, waits until each expected listener heard each
 * one, lets the rest of the fan-out land, and checks that no one else heard any of them.
 */
async function step(
  events: ServerEventName[],
  hearers: Listener[],
  cause: () => Promise<unknown>,
  extra: Listener[] = [],
) {
  for (const l of [...Object.values(listeners), ...extra]) l.heard = [];
  await cause();
  for (const l of hearers)
    await expect
      .poll(() => events.filter((e) => !l.heard.some((h) => h.event === e)), { timeout: 15_000 })
      .toEqual([]);
  await new Promise((r) => setTimeout(r, 150));
  for (const l of [...Object.values(listeners), ...extra]) {
    if (hearers.includes(l)) continue;
    expect(
      l.heard.filter((h) => events.includes(h.event as ServerEventName)),
      `a socket that may not read it heard ${events.join(', ')}`,
    ).toEqual([]);
  }
  for (const e of events) covered.add(e);
}

describe('the realtime leak sweep', () => {
  it('record events reach the all-data members and the assigned restricted member, never others', async () => {
    const { admin: a, allie: al, olly: o } = listeners;
    const device = (
      await call(admin, 'POST', '/api/services/addNumber', { phoneType: 'Android', value: '+19165550100' })
    ).json().device._id as string;
    const phone = phoneAgent(device);
    await phone.ready;
    await phone.ask('ping', { at: new Date().toISOString() });

    for (const [record, readers] of [
      [othersRecord, [a, al]],
      [ollysRecord, [a, al, o]],
    ] as const) {
      const to = record === ollysRecord ? '+19164567801' : '+19164567802';
      await step(['messageAdded', 'inboxChanged'], [...readers], () =>
        call(admin, 'POST', '/api/messages/sendSms', {
          body: 'Hello there',
          dataId: record,
          dataType: 'contact',
          to,
        }),
      );
      await expect.poll(() => phone.jobs.length).toBeGreaterThan(0);
      const job = phone.jobs.shift()!;
      await phone.ask('accept', { ids: [job.id] });
      await step(['messageStatus'], [...readers], () =>
        phone.ask('report', { reports: [{ id: job.id, state: 'sent', at: new Date().toISOString() }] }),
      );
      await step(['messageAdded', 'itemChanged', 'inboxChanged', 'replyLabelled'], [...readers], () =>
        phone.ask('inbound', {
          messages: [{ id: `in-${record}`, from: to, body: 'Who is this?', at: new Date().toISOString() }],
        }),
      );
      await step(['inboxChanged'], [...readers], async () => {
        await t.database.db.update(items).set({ unreadSms: 1 }).where(eq(items.id, record));
        return call(admin, 'GET', `/api/items/${record}`);
      });
      await step(['itemChanged'], [...readers], () =>
        call(admin, 'PATCH', '/api/items/changeStatus', { dataId: record, status: 'Not contacted' }),
      );
    }
    // devicesChanged came with the new device before the step; cause it again under watch.
    await step(['devicesChanged'], [a, al, o], () =>
      call(admin, 'POST', '/api/services/addNumber', { phoneType: 'Android', value: '+19165550101' }),
    );
  });

  it("team events reach the team's sockets and no other team's", async () => {
    const { admin: a, allie: al, olly: o } = listeners;
    const team = [a, al, o];
    await step(['templatesChanged'], team, () =>
      call(admin, 'PUT', '/api/templates/addGroup', { name: 'Openers' }),
    );
    const sections = (await call(admin, 'GET', '/api/settings/customFields?type=contact')).json().sections;
    await step(['sectionsChanged'], team, () =>
      call(admin, 'PATCH', '/api/settings/updateCustomFields', { type: 'contact', sections }),
    );
    await step(['teamProfileChanged'], team, () =>
      call(admin, 'PATCH', '/api/teams/editProfile', { name: 'Acme Realty' }),
    );
    await step(['membersChanged'], team, () =>
      call(admin, 'PATCH', '/api/teams/addMember', {
        name: 'Nora',
        email: 'nora@acme.test',
        phone: '',
        permissions: [],
        dataAccess: 'All data',
      }),
    );
    await step(['editMember'], team, () =>
      call(admin, 'PATCH', '/api/teams/editMember', {
        _id: allie.userId,
        name: 'Allie A',
        phone: '',
        permissions: [],
        dataAccess: 'All data',
      }),
    );
    // A bulk job's progress is its author's alone: the restricted member does not learn its counts.
    await step(['bulkProgress'], [a], () =>
      call(admin, 'POST', '/api/bulk/start', {
        selection: { kind: 'ids', ids: [othersRecord] },
        action: { type: 'assign', memberId: allie.userId },
      }).then((r) => expect(r.statusCode, r.body).toBe(200)),
    );
    await step(['listProgress', 'listImported'], team, () =>
      importCsv(t, admin, 'First name,Phone\nAnn,+19164567803\n', [
        { name: 'First name', type: 'contact', matchesTo: 'First name' },
        { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
      ]),
    );
    const props = await importCsv(t, admin, 'Street,City,Owner\n12 Pike St,Seattle,Ann Lee\n', [
      { name: 'Street', type: 'property', matchesTo: 'Street1' },
      { name: 'City', type: 'property', matchesTo: 'City' },
      { name: 'Owner', type: 'property', matchesTo: 'Owner' },
    ]);
    await t.app.services.ledger.grant({
      teamId: admin.teamId,
      amount: 10_000,
      reason: 'adminGrant',
      description: 'Sweep credits',
      actorId: admin.userId,
    });
    const propId = (await call(admin, 'GET', `/api/lists/byId/${props._id}/0`)).json().properties[0]._id;
    await step(['skiptraceProgress'], team, () =>
      call(admin, 'POST', '/api/properties/skiptrace', { propId, type: 'single', permissibleUse: true }).then(
        (r) => expect(r.statusCode, r.body).toBe(200),
      ),
    );
    const group = (await call(admin, 'PUT', '/api/templates/addGroup', { name: 'Followers' })).json()._id;
    await call(admin, 'PUT', '/api/templates/addTemplate', { text: 'Hello there friend', groupId: group });
    const device = (await call(admin, 'GET', '/api/services/devices')).json().devices[0]._id;
    await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
    const notContacted = await statusId(t.database.db, admin.teamId, 'Not contacted');
    await step(['campaignChanged'], team, () =>
      call(admin, 'POST', '/api/campaigns/launch', {
        name: 'Spring',
        campaignType: 'Text',
        statuses: [notContacted],
        weekDays: [1, 2, 3, 4, 5],
        startTime: '2026-01-05T15:00:00Z',
        endTime: '2026-01-05T23:00:00Z',
        startDate: '2026-01-05T05:00:00Z',
        groupIds: [group],
        devices: [device],
      }).then((r) => expect(r.statusCode, r.body).toBe(200)),
    );
  });

  it("personal events reach only their user's or session's sockets", async () => {
    const { allie: al } = listeners;
    await step(['notification'], [al], () =>
      call(admin, 'POST', '/api/messages/add', {
        body: 'Have a look @Allie',
        dataId: othersRecord,
        dataType: 'contact',
        mentions: [allie.userId],
      }),
    );
    const second = await loginAs(t, 'admin@acme.test', '198.51.100.40');
    const secondSocket = await connect(second.token);
    await step(
      ['sessionRevoked'],
      [secondSocket],
      () => t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(second.token) }),
      [secondSocket],
    );
    // A new member of the other team comes online: presence stays in that team, init on that socket.
    const bee = await insertMember(t, bAdmin.teamId, 'bee@other.test');
    await step(['memberPresence'], [listeners.bAdmin], () => connect(bee.token));
    for (const l of Object.values(listeners)) expect(l.heard.filter((h) => h.event === 'init')).toEqual([]);
    covered.add('init');
  });

  it("dialler events: the members list to the team, a member's own calls and queue to that member only", async () => {
    const { admin: a, allie: al, olly: o } = listeners;
    await step(['diallerMember'], [a, al, o], () => a.socket.timeout(5000).emitWithAck('joinDialler', {}));
    await step(['callUpdate'], [a], () =>
      a.socket.timeout(5000).emitWithAck('editMember', { selectedVm: null }),
    );
    await step(['queueChanged'], [a], () =>
      call(admin, 'POST', '/api/calls/enqueue', { itemIds: [othersRecord] }),
    );
    await a.socket.timeout(5000).emitWithAck('editMember', { action: 'leave' });
  });

  it("chat events reach the chat's members (and the staff for support), never another team or a non-member", async () => {
    const { admin: a, allie: al, olly: o, bAdmin: b } = listeners;
    const chatsOf = async (u: TestUser) =>
      (await call(u, 'GET', '/api/chats')).json().chats as { _id: string; kind: string; title: string }[];
    const room = (await chatsOf(admin)).find((c) => c.kind === 'team')!;
    await step(['chatMessage'], [a, al, o], () =>
      call(admin, 'POST', '/api/chats/send', { chatId: room._id, body: 'Morning, team' }),
    );
    const withAllie = (await chatsOf(admin)).find((c) => c.kind === 'direct' && c.title === 'Allie A')!;
    await step(['chatMessage'], [a, al], () =>
      call(admin, 'POST', '/api/chats/send', { chatId: withAllie._id, body: 'Just us two' }),
    );
    const staffUser = await insertTeamAdmin(t, 'staff@prospector.test');
    const staffSocket = await connect(staffUser.token);
    const support = (await chatsOf(admin)).find((c) => c.kind === 'support')!;
    await step(
      ['chatMessage'],
      [a, al, o, staffSocket],
      () => call(olly, 'POST', '/api/chats/send', { chatId: support._id, body: 'Help, please' }),
      [staffSocket],
    );
    expect(b.heard).toEqual([]);
    await step(['chatRead'], [al], () =>
      call(allie, 'PATCH', '/api/chats/read', { chatId: withAllie._id, seq: 1 }),
    );
    // Staff actions on a team reach that team's members only (issue 30 items 5 and 8).
    await setUpSecondFactor(t, staffUser);
    for (const reason of ['Spam complaints', ''])
      await step(
        ['teamSuspension'],
        [a, al, o],
        () => call(staffUser, 'PATCH', '/api/admin/suspend', { teamId: admin.teamId, reason }),
        [staffSocket],
      );
    await step(
      ['creditsChanged'],
      [a, al, o],
      () => call(staffUser, 'PATCH', '/api/admin/addCredits', { teamId: admin.teamId, amount: 5 }),
      [staffSocket],
    );
  });

  it('caused every kind of server event', () => {
    expect(Object.keys(serverEvents).filter((e) => !covered.has(e as ServerEventName))).toEqual([]);
  });
});
