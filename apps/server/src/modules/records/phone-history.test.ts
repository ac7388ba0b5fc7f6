import { DEVICE_NAMESPACE, type PhoneEventDto } from '@prospector/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifiers, messages as messageRows } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { importCsv, type Mapping } from '../../test/import-csv.js';
import { deviceToken } from '../devices/index.js';

/*
 * Issue 32 item 4, ADR 038: every phone keeps an append-only history of where it came from and each
 * change of its status, with who or what made it, read on the record and never written through the API.
 */

let t: TestApp;
let admin: TestUser;
let outsider: TestUser;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, { realClock: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await insertTeamAdmin(t, 'owner@phone-history.test', 'Maya Broker');
  outsider = await insertTeamAdmin(t, 'owner@elsewhere.test');
}, 60_000);
afterAll(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  as = admin,
) => t.app.inject({ method, url, headers: as.headers, ...(payload ? { payload } : {}) });

async function historyOf(itemId: string, value: string): Promise<PhoneEventDto[]> {
  const res = await call('GET', `/api/items/${itemId}/phoneHistory`);
  expect(res.statusCode, res.body).toBe(200);
  const phone = (res.json().phones as { value: string; events: PhoneEventDto[] }[]).find(
    (p) => p.value === value,
  );
  expect(phone, `no history for ${value}`).toBeDefined();
  return phone!.events;
}

const itemOf = async (value: string) =>
  (
    await t.database.db
      .select({ itemId: identifiers.itemId })
      .from(identifiers)
      .where(and(eq(identifiers.teamId, admin.teamId), eq(identifiers.value, value)))
  )[0]!.itemId;

/** A hand-driven phone of the team, connected over the device protocol (once per file). */
let phoneOnce: ReturnType<typeof connectPhone> | null = null;
const connectedPhone = () => (phoneOnce ??= connectPhone());
async function connectPhone() {
  const res = await call('POST', '/api/services/addNumber', { phoneType: 'Android', value: '+19165550100' });
  expect(res.statusCode, res.body).toBe(200);
  const deviceId = res.json().device._id as string;
  const socket = io(base + DEVICE_NAMESPACE, {
    auth: { token: deviceToken(t.app.config.authSecret, deviceId, 1), platform: 'sim', agentVersion: 'test' },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise((r) => socket.once('hello', r));
  return {
    textIn: (id: string, from: string, body: string) =>
      socket
        .timeout(5000)
        .emitWithAck('inbound', { messages: [{ id, from, body, at: new Date().toISOString() }] }),
  };
}

const FIELDS: Mapping[] = [
  { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
  { name: 'First name', type: 'contact', matchesTo: 'First name' },
];

describe('the history of a phone', () => {
  it('names the import file, its list and the importer of an imported phone', async () => {
    await importCsv(t, admin, 'Phone,First name\n(206) 555-0171,Ann\n', FIELDS, 'Spring absentees');
    const events = await historyOf(await itemOf('+12065550171'), '+12065550171');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'added',
      origin: {
        source: 'import',
        fileName: 'leads.csv',
        listName: 'Spring absentees',
        userName: 'Maya Broker',
      },
    });
  });

  it('records a phone typed by a member, and each change of its status by that member', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['+12065550172'] });
    expect(
      (await call('PATCH', '/api/items/addIdt', { itemId: c.id, value: '(206) 555-0173' })).statusCode,
    ).toBe(200);
    const change = (action: string) =>
      call('PATCH', '/api/items/changeIdt', { itemId: c.id, value: '+12065550173', action });
    expect((await change('Wrong #')).statusCode).toBe(200);
    expect((await change('Wrong #')).statusCode).toBe(200);
    expect((await change('primary')).statusCode).toBe(200);
    const events = await historyOf(c.id, '+12065550173');
    const by = { source: 'member', userId: admin.userId, userName: 'Maya Broker' };
    expect(
      events.map(({ event, fromStatus, toStatus, primary, origin }) => ({
        event,
        fromStatus,
        toStatus,
        primary,
        origin,
      })),
    ).toEqual([
      { event: 'added', fromStatus: null, toStatus: '', primary: false, origin: by },
      { event: 'status', fromStatus: '', toStatus: 'Wrong #', primary: false, origin: by },
      { event: 'status', fromStatus: 'Wrong #', toStatus: '', primary: false, origin: by },
      { event: 'primary', fromStatus: '', toStatus: '', primary: true, origin: by },
    ]);
    // The phone that stopped being primary has the same change in its own history.
    expect((await historyOf(c.id, '+12065550172')).at(-1)).toMatchObject({
      event: 'primary',
      primary: false,
      origin: by,
    });
  });

  it('records an opt-out by STOP with the very text that did it', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['+19164567890'] });
    const phone = await connectedPhone();
    await phone.textIn('stop-1', '+19164567890', 'STOP');
    const [text] = await t.database.db
      .select()
      .from(messageRows)
      .where(
        sql`${messageRows.itemId} = ${c.id} and ${messageRows.direction} = 'in' and not ${messageRows.system}`,
      );
    const events = await historyOf(c.id, '+19164567890');
    expect(events.at(-1)).toMatchObject({
      event: 'status',
      fromStatus: '',
      toStatus: 'DNC',
      primary: false,
      origin: { source: 'text', messageId: text!.id, body: 'STOP' },
    });
  });

  it('records a number that texted us first as added from its text', async () => {
    const phone = await connectedPhone();
    await phone.textIn('new-1', '+19164567891', 'Is this about my house on Elm?');
    await expect.poll(() => itemOf('+19164567891').catch(() => null), { timeout: 10_000 }).toBeTruthy();
    const events = await historyOf(await itemOf('+19164567891'), '+19164567891');
    expect(events[0]).toMatchObject({
      event: 'added',
      origin: { source: 'text', body: 'Is this about my house on Elm?' },
    });
  });

  it('records the DNC list that marked a phone, and who imported it', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['+12065550174'] });
    const res = await call('POST', '/api/items/import-dnc', { phones: ['+12065550174'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await historyOf(c.id, '+12065550174')).at(-1)).toMatchObject({
      event: 'status',
      toStatus: 'DNC',
      origin: { source: 'dnc-list', userName: 'Maya Broker' },
    });
  });

  it('cannot be edited or deleted: the API has no such call, and the database refuses both', async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['+12065550175'] });
    const url = `/api/items/${c.id}/phoneHistory`;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const)
      expect((await call(method, url, {})).statusCode, method).toBe(404);
    await expect(
      t.database.db.execute(sql`update phone_history set origin = '{}' where item_id = ${c.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from phone_history where item_id = ${c.id}`),
    ).rejects.toThrow();
    expect(await historyOf(c.id, '+12065550175')).toHaveLength(1);
  });

  it('goes out with the DNC export of a list: where each DNC phone came from and what opted it out', async () => {
    const list = await importCsv(
      t,
      admin,
      'Phone,First name\n(206) 555-0181,Bea\n',
      FIELDS,
      'Autumn absentees',
    );
    const phone = await connectedPhone();
    await phone.textIn('stop-2', '+12065550181', 'Stop texting me');
    const res = await call('POST', '/api/items/exportDNC', { listId: list._id, skip: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const [header, row] = (res.json().csv as string).split('\r\n');
    expect(header!.split(',').at(-1)).toBe('Phone history');
    expect(row).toMatch(/^Bea,/);
    expect(row).toContain('+12065550181: ');
    expect(row).toContain('Added from the import of leads.csv into list Autumn absentees by Maya Broker; ');
    expect(row).toContain('Marked DNC by a text they sent: “Stop texting me”');
  });

  it("is not read by another team's member", async () => {
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['+12065550176'] });
    expect((await call('GET', `/api/items/${c.id}/phoneHistory`, undefined, outsider)).statusCode).toBe(404);
  });
});
