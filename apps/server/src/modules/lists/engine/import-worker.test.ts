import type { AddressInfo } from 'node:net';
import { type ListDto, serverMessages } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { testConfig } from '../../../config.js';
import { queryRows } from '../../../db/client.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../../test/factories.js';
import { multipartFile } from '../../../test/multipart.js';
import { IMPORT_CHUNK_ROWS } from './chunks.js';

const FIELDS = [
  { name: 'Name', type: 'contact', matchesTo: 'Full name' },
  { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
  { name: 'Email', type: 'contact', matchesTo: 'Email' },
  { name: 'Street', type: 'property', matchesTo: 'Street1' },
  { name: 'City', type: 'property', matchesTo: 'City' },
];

/**
 * 3,500 rows over four chunks. Every tenth row has only an invalid phone (dropped), every tenth an
 * unmapped note only (dropped as empty), every tenth a valid phone with an invalid e-mail; every
 * fourth has an address. From row 1,300, every hundredth row repeats a row of the first chunk: the
 * same contact (and for some the same property), already linked and already in the list.
 */
function sheet(rows = 3_500) {
  const lines = ['Name,Phone,Email,Street,City,Note'];
  for (let i = 1; i <= rows; i += 1) {
    const n = i >= 1_300 && i % 100 === 0 ? 100 + i / 10 : i;
    if (i % 10 === 3) lines.push(`Nobody ${i},12345,,,,`);
    else if (i % 10 === 7) lines.push(`,,,,,note ${i}`);
    else {
      const email = i % 10 === 5 ? 'nope' : n % 3 === 0 ? `p${n}@example.com` : '';
      const street = n % 4 === 0 ? `${n} Oak St,Nashville` : ',';
      lines.push(`Person ${n},615${3_000_000 + n},${email},${street},`);
    }
  }
  return `${lines.join('\n')}\n`;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { realClock: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

async function startImport(user: TestUser, csv: string, name = 'Leads') {
  const { payload, contentType } = multipartFile('leads.csv', csv);
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/lists/upload',
    headers: { ...user.headers, 'content-type': contentType },
    payload,
  });
  expect(up.statusCode, up.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/lists/import',
    headers: user.headers,
    payload: { name, countryCode: '+1', fileId: up.json<{ fileId: string }>().fileId, fields: FIELDS },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ list: ListDto }>().list._id;
}

async function listOf(user: TestUser, listId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lists/byId/${listId}/0`,
    headers: user.headers,
  });
  return res.json<{ list: ListDto }>().list;
}

async function importSheet(user: TestUser, csv: string, name?: string) {
  const listId = await startImport(user, csv, name);
  await t.app.services.imports.idle();
  return listOf(user, listId);
}

async function rowsOf(teamId: string, listId: string) {
  const [row] = await queryRows<{ members: number; contacts: number; links: number; items: number }>(
    t.database.db,
    sql`select (select count(*)::int from list_items where list_id = ${listId}) as members,
               (select count(*)::int from list_items where list_id = ${listId} and type = 'contact') as contacts,
               (select count(*)::int from item_links where team_id = ${teamId}) as links,
               (select count(*)::int from items where team_id = ${teamId}) as items`,
  );
  return row!;
}

describe('importing a sheet in chunks', () => {
  it('counts invalid values and dropped rows once, and lists and links a record met again once', async () => {
    const team = await insertTeamAdmin(t, 'chunks@example.com');
    const list = await importSheet(team, sheet());
    const repeats = 23; // rows 1,300 to 3,500 in steps of 100
    const kept = 3_500 - 700;
    expect(list.result).toMatchObject({
      rowsRead: 3_500,
      contactsNew: kept - repeats,
      contactsMerged: repeats,
      invalidPhones: 350,
      invalidEmails: 350,
      dropped: { [serverMessages.lists.droppedNoIdentifier]: 350, [serverMessages.lists.droppedEmpty]: 350 },
    });
    const rows = await rowsOf(team.teamId, list._id);
    expect(list.itemCount).toBe(kept - repeats);
    expect(rows.contacts).toBe(kept - repeats);
    expect(rows.members).toBe(kept - repeats + list.result.propertiesNew);
    expect(rows.links).toBe(2 * list.result.propertiesNew);
    // The bench names the phase an import's time went to: every phase of this one took some.
    const phases = t.app.services.imports.phases(list._id)!;
    expect(Object.keys(phases).sort()).toEqual(['link', 'normalise', 'read', 'stack', 'write']);
    for (const [phase, ms] of Object.entries(phases)) expect(ms, phase).toBeGreaterThan(0);

    // A second list of the same sheet creates nothing: it lists the same records and links nothing twice.
    const again = await importSheet(team, sheet(), 'Again');
    expect(again.result).toMatchObject({ contactsNew: 0, propertiesNew: 0, contactsMerged: kept });
    expect(again.itemCount).toBe(kept - repeats);
    const after = await rowsOf(team.teamId, again._id);
    expect(after).toMatchObject({ members: rows.members, links: rows.links, items: rows.items });
  });

  it('resumes after a stop with exactly the result of an uninterrupted import', async () => {
    const reference = await importSheet(await insertTeamAdmin(t, 'whole@example.com'), sheet());
    const team = await insertTeamAdmin(t, 'stopped@example.com');
    const listId = await startImport(team, sheet());
    // Stop as soon as the first chunk is in: the worker is reading the second one by then.
    for (;;) {
      const [row] = await queryRows<{ rows_done: number }>(
        t.database.db,
        sql`select rows_done from lists where id = ${listId}`,
      );
      if (row!.rows_done > 0) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    await t.app.services.imports.stop();
    const [mid] = await queryRows<{ rows_done: number }>(
      t.database.db,
      sql`select rows_done from lists where id = ${listId}`,
    );
    expect(mid!.rows_done).toBeLessThan(3_500);

    const second = await buildApp(testConfig({ DATA_DIR: t.app.config.DATA_DIR }), { database: t.database });
    await second.ready();
    try {
      await second.services.imports.idle();
    } finally {
      await second.close();
    }
    t.app.services.imports.start();
    const list = await listOf(team, listId);
    expect(list.state).toBe('imported');
    expect(list.result).toEqual(reference.result);
    expect([list.itemCount, list.propCount]).toEqual([reference.itemCount, reference.propCount]);
    expect(await rowsOf(team.teamId, listId)).toMatchObject({
      members: reference.itemCount + reference.propCount,
    });
  });

  it("tells the team's browsers the list's progress after every chunk, then that it is imported", async () => {
    const team = await insertTeamAdmin(t, 'progress@example.com');
    const socket: Socket = io(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, {
      auth: { token: team.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise((r) => socket.once('init', r));
      const progress: [number, number][] = [];
      socket.on('listProgress', (e: { rowsDone: number; progress: number }) =>
        progress.push([e.rowsDone, e.progress]),
      );
      const imported = new Promise<{ listId: string }>((r) => socket.once('listImported', r));
      const listId = await startImport(team, sheet(2_500));
      expect((await imported).listId).toBe(listId);
      expect(progress).toEqual([
        [IMPORT_CHUNK_ROWS, 40],
        [2 * IMPORT_CHUNK_ROWS, 80],
        [2_500, 100],
      ]);
    } finally {
      socket.disconnect();
    }
  });
});
