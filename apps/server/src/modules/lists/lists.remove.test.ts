import { messages, type ListDto } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { importCsv, uploadCsv, type Mapping } from './lists.test-support.js';

const FIELDS: Mapping[] = [
  { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
  { name: 'Street', type: 'property', matchesTo: 'Street1' },
];
const CSV = 'Phone,Street\n(256) 593-8310,1 Main St\n(334) 793-8701,2 Oak Ave\n';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({}, { realClock: true });
  admin = await insertTeamAdmin(t, 'remove-admin@example.com');
});
afterAll(async () => {
  await t.close();
});

const remove = (user: TestUser, listId: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/lists/remove', headers: user.headers, payload: { listId } });

async function listNames(user: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/lists/get',
    headers: user.headers,
    payload: {},
  });
  return res.json<{ lists: ListDto[] }>().lists.map((l) => l.name);
}

async function countsOf(teamId: string, listId: string) {
  const [row] = await queryRows<{ items: number; list_items: number; jobs: number; uploads: number }>(
    t.database.db,
    sql`select (select count(*)::int from items where team_id = ${teamId}) as items,
               (select count(*)::int from list_items where list_id = ${listId}) as list_items,
               (select count(*)::int from import_jobs where list_id = ${listId}) as jobs,
               (select count(*)::int from uploads where team_id = ${teamId}) as uploads`,
  );
  return row!;
}

describe('deleting a list', () => {
  it('removes the list, its list items and its import, and keeps the records and the other lists', async () => {
    const first = await importCsv(t, admin, CSV, FIELDS, 'First');
    const second = await importCsv(t, admin, CSV, FIELDS, 'Second');
    expect(await countsOf(admin.teamId, first._id)).toEqual({
      items: 4,
      list_items: 4,
      jobs: 1,
      uploads: 2,
    });

    const res = await remove(admin, first._id);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await listNames(admin)).toEqual(['Second']);
    expect(await countsOf(admin.teamId, first._id)).toEqual({
      items: 4,
      list_items: 0,
      jobs: 0,
      uploads: 1,
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/lists/byId/${second._id}/0`,
      headers: admin.headers,
    });
    expect(detail.json()).toMatchObject({ total: 2, list: { itemCount: 2, propCount: 2 } });
    expect((await remove(admin, first._id)).statusCode).toBe(404);
  });

  it('lets a member with the import permission delete a list, and refuses one without it', async () => {
    const list = await importCsv(t, admin, CSV, FIELDS, 'Members may');
    const plain = await insertMember(t, admin.teamId, 'remove-plain@example.com');
    const importer = await insertMember(t, admin.teamId, 'remove-member@example.com', {
      permissions: ['import'],
    });

    expect((await remove(plain, list._id)).statusCode).toBe(403);
    expect(await listNames(admin)).toContain('Members may');
    expect((await remove(importer, list._id)).statusCode).toBe(200);
    expect(await listNames(admin)).not.toContain('Members may');
  });

  it("answers 404 for another team's list and leaves it", async () => {
    const list = await importCsv(t, admin, CSV, FIELDS, 'Not yours');
    const other = await insertTeamAdmin(t, 'remove-other@example.com');

    const res = await remove(other, list._id);

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'LIST_NOT_FOUND', message: messages.lists.listNotFound });
    expect(await listNames(admin)).toContain('Not yours');
  });

  it('refuses a list that is still importing with a clear message, and deletes it once imported', async () => {
    await t.app.services.imports.stop();
    const { fileId } = await uploadCsv(t, admin, CSV);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/lists/import',
      headers: admin.headers,
      payload: { name: 'Busy', countryCode: '+1', fileId, fields: FIELDS },
    });
    const listId = started.json<{ list: ListDto }>().list._id;

    const refused = await remove(admin, listId);

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'LIST_IMPORTING', message: messages.lists.listImporting });
    expect(await listNames(admin)).toContain('Busy');

    t.app.services.imports.start();
    await t.app.services.imports.idle();
    expect((await remove(admin, listId)).statusCode).toBe(200);
    expect(await listNames(admin)).not.toContain('Busy');
  });

  it('deletes a failed import', async () => {
    const list = await importCsv(t, admin, CSV, FIELDS, 'Broken');
    await t.database.db.execute(sql`update lists set state = 'failed', error = 'x' where id = ${list._id}`);

    expect((await remove(admin, list._id)).statusCode).toBe(200);
  });
});
