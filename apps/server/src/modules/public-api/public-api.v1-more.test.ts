import { serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lists } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin, statusId } from '../../test/factories.js';
import { callApi, callApiForm, launchTextCampaign, listen, makeKey } from './public-api.test-support.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_API_PER_MINUTE: 1000 });
  base = await listen(t);
}, 60_000);
afterAll(async () => t.close());

let n = 0;
async function newTeam() {
  const admin = await insertTeamAdmin(t, `v1-more-${++n}@acme.test`);
  const { key } = await makeKey(t, admin);
  const list = await callApi(base, key, 'POST', '/api/v1/lists', { name: `List ${n}` });
  return { admin, key, listId: list.body['id'] as string };
}

describe('properties and companies', () => {
  it('creates a property into a list as imports read it, and the same address again stacks onto it', async () => {
    const { key, listId } = await newTeam();
    const first = await callApi(base, key, 'POST', '/api/v1/properties', {
      listId,
      fields: { Address: '412 ELM ST', City: 'sacramento', State: 'CA', Zip: '95814', Bedrooms: '3' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      created: true,
      property: { title: '412 Elm St', fields: { Address: '412 Elm St', City: 'Sacramento', Bedrooms: 3 } },
    });
    const id = (first.body['property'] as { id: string }).id;
    const again = await callApi(base, key, 'POST', '/api/v1/properties', {
      listId,
      fields: {
        Address: '412 Elm Street',
        City: 'Sacramento',
        State: 'CA',
        Zip: '95814-1234',
        Bedrooms: 5,
        Pool: 'Yes',
      },
    });
    expect(again.body).toMatchObject({
      created: false,
      property: { id, fields: { Bedrooms: 3, Pool: 'Yes' } },
    });
    const [list] = await t.database.db.select().from(lists).where(eq(lists.id, listId));
    expect(list!.propCount).toBe(1);

    const updated = await callApi(base, key, 'PATCH', `/api/v1/properties/${id}`, {
      fields: { Bedrooms: 4, Pool: '' },
    });
    expect(updated.body).toMatchObject({ id, fields: { Bedrooms: 4 } });
    expect((updated.body['fields'] as Record<string, unknown>)['Pool']).toBeUndefined();
    expect((await callApi(base, key, 'GET', `/api/v1/properties/${id}`)).body['fields']).toMatchObject({
      Bedrooms: 4,
    });

    const noAddress = await callApi(base, key, 'POST', '/api/v1/properties', {
      listId,
      fields: { City: 'Austin' },
    });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body['message']).toBe(serverMessages.publicApi.noAddress);
    const unknownField = await callApi(base, key, 'POST', '/api/v1/properties', {
      listId,
      fields: { Adress: 'x' },
    });
    expect(unknownField.status).toBe(400);
  });

  it('creates companies stacked by name or website, and pages through them with a cursor', async () => {
    const { key, listId } = await newTeam();
    const made = await callApi(base, key, 'POST', '/api/v1/companies', {
      listId,
      fields: { Name: 'Whitfield Holdings LLC', Website: 'whitfield.example.com' },
    });
    expect(made.body).toMatchObject({
      created: true,
      company: { title: 'Whitfield Holdings LLC', fields: { Website: 'https://whitfield.example.com' } },
    });
    const byWebsite = await callApi(base, key, 'POST', '/api/v1/companies', {
      listId,
      fields: { Website: 'https://www.whitfield.example.com/about', City: 'Reno' },
    });
    expect(byWebsite.body).toMatchObject({
      created: false,
      company: { id: (made.body['company'] as { id: string }).id },
    });
    await callApi(base, key, 'POST', '/api/v1/companies', { listId, fields: { Name: 'Elm Partners' } });
    await callApi(base, key, 'POST', '/api/v1/companies', { listId, fields: { Name: 'Oak Capital' } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof callApi>> = await callApi(
        base,
        key,
        'GET',
        `/api/v1/companies?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...(page.body['data'] as { title: string }[]).map((c) => c.title));
      cursor = page.body['nextCursor'] as string | null;
    } while (cursor);
    expect(seen).toEqual(['Whitfield Holdings LLC', 'Elm Partners', 'Oak Capital']);
  });
});

describe('creates at once', () => {
  it('stacks creates sent together as one import would: one contact a phone, told created once', async () => {
    const { key, listId } = await newTeam();
    const create = (phone: string, last: string) =>
      callApi(base, key, 'POST', '/api/v1/contacts', { listId, lastName: last, phones: [phone] });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => create('(916) 432-6600', `Same ${i}`)),
      ...Array.from({ length: 8 }, (_, i) => create(`(916) 432-66${String(10 + i)}`, `Other ${i}`)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const same = answers.slice(0, 8).map((a) => a.body as { created: boolean; contact: { id: string } });
    expect(new Set(same.map((a) => a.contact.id)).size).toBe(1);
    expect(same.filter((a) => a.created)).toHaveLength(1);
    expect(answers.slice(8).every((a) => a.body['created'] === true)).toBe(true);
    const page = await callApi(base, key, 'GET', '/api/v1/contacts?limit=50');
    expect(page.body['data']).toHaveLength(9);
    const [list] = await t.database.db.select().from(lists).where(eq(lists.id, listId));
    expect(list!.itemCount).toBe(9);
  });
});

describe('search, statuses and tasks', () => {
  it('finds records by phone in any format and by address', async () => {
    const { admin, key, listId } = await newTeam();
    const c = await insertContact(t.database.db, admin.teamId, { first: 'Dana', phones: ['916-432-7788'] });
    await callApi(base, key, 'POST', '/api/v1/properties', {
      listId,
      fields: { Address: '9 Birch Ln', City: 'Reno' },
    });
    const byPhone = await callApi(
      base,
      key,
      'GET',
      `/api/v1/search?q=${encodeURIComponent('(916) 432-7788')}`,
    );
    expect(byPhone.body['data']).toMatchObject([{ id: c.id, type: 'contact' }]);
    const byAddress = await callApi(base, key, 'GET', '/api/v1/search?q=birch&type=property');
    expect(byAddress.body['data']).toMatchObject([{ type: 'property', title: '9 Birch Ln' }]);
  });

  it('lists statuses and moves a contact to one with the app’s rules', async () => {
    const { admin, key } = await newTeam();
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-432-1100'] });
    const statuses = (await callApi(base, key, 'GET', '/api/v1/statuses')).body['data'] as {
      id: string;
      name: string;
    }[];
    const hot = statuses.find((s) => s.name === 'Not contacted')!;
    const set = await callApi(base, key, 'PUT', `/api/v1/contacts/${c.id}/status`, { statusId: hot.id });
    expect(set.status).toBe(200);
    expect(set.body['statusId']).toBe(hot.id);
    const other = await newTeam();
    const foreign = (await callApi(base, other.key, 'GET', '/api/v1/statuses')).body['data'] as {
      id: string;
    }[];
    const unknown = await callApi(base, key, 'PUT', `/api/v1/contacts/${c.id}/status`, {
      statusId: foreign[0]!.id,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body['code']).toBe('UNKNOWN_STATUS');
    const noPrimary = await insertContact(t.database.db, admin.teamId, {
      phones: ['916-432-1101'],
      primary: -1,
    });
    const refused = await callApi(base, key, 'PUT', `/api/v1/contacts/${noPrimary.id}/status`, {
      statusId: hot.id,
    });
    expect(refused.body['code']).toBe('STATUS_NEEDS_PRIMARY');
    const cleared = await callApi(base, key, 'PUT', `/api/v1/contacts/${c.id}/status`, { statusId: null });
    expect(cleared.body['statusId']).toBeNull();
  });

  it('creates a task on a record, lists it while open, and completes it', async () => {
    const { admin, key } = await newTeam();
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-432-2200'] });
    const made = await callApi(base, key, 'POST', '/api/v1/tasks', {
      recordId: c.id,
      text: 'Call back',
      due: '2026-12-01T17:00:00Z',
    });
    expect(made.body).toMatchObject({
      recordId: c.id,
      text: 'Call back',
      completed: false,
      due: '2026-12-01T17:00:00.000Z',
    });
    const id = made.body['id'] as string;
    expect(
      ((await callApi(base, key, 'GET', '/api/v1/tasks')).body['data'] as { id: string }[]).map((x) => x.id),
    ).toEqual([id]);
    expect((await callApi(base, key, 'POST', `/api/v1/tasks/${id}/complete`)).body['completed']).toBe(true);
    expect((await callApi(base, key, 'GET', '/api/v1/tasks')).body['data']).toEqual([]);
    expect(
      (await callApi(base, key, 'GET', `/api/v1/tasks?state=completed&recordId=${c.id}`)).body['data'],
    ).toMatchObject([{ id, completed: true }]);
  });
});

describe('campaigns', () => {
  it('lists, pauses and starts a campaign through the campaigns service', async () => {
    const { admin, key } = await newTeam();
    await insertContact(t.database.db, admin.teamId, { status: 'Not contacted', phones: ['212-555-0110'] });
    const id = await launchTextCampaign(
      t,
      admin,
      await statusId(t.database.db, admin.teamId, 'Not contacted'),
    );
    const listed = await callApi(base, key, 'GET', '/api/v1/campaigns');
    expect(listed.body).toMatchObject({
      data: [{ id, name: 'Spring', paused: false, recipients: 1 }],
      nextCursor: null,
    });
    expect((await callApi(base, key, 'POST', `/api/v1/campaigns/${id}/pause`)).body['paused']).toBe(true);
    const app = await t.app.inject({
      method: 'GET',
      url: '/api/campaigns/getAll',
      headers: admin.headers,
    });
    expect(app.json().campaigns[0].paused).toBe(true);
    expect((await callApi(base, key, 'POST', `/api/v1/campaigns/${id}/start`)).body['paused']).toBe(false);
    const missing = await callApi(
      base,
      key,
      'POST',
      '/api/v1/campaigns/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed/pause',
    );
    expect(missing.status).toBe(404);
    expect(missing.body['code']).toBe('CAMPAIGN_NOT_FOUND');
  });
});

describe('importing a CSV', () => {
  const csv =
    'First Name,Last Name,Phone,Property Address,City,State\nDana,Whitfield,(916) 432-7788,412 Elm St,Sacramento,CA\nLee,Park,916-432-9911,9 Birch Ln,Reno,NV\n';

  it('imports a file mapped by its headers through the import engine, stacking onto the team’s contacts', async () => {
    const { admin, key } = await newTeam();
    const known = await insertContact(t.database.db, admin.teamId, {
      first: 'Dana',
      phones: ['916-432-7788'],
    });
    const started = await callApiForm(
      base,
      key,
      '/api/v1/lists/import',
      { name: 'County' },
      { name: 'county.csv', content: csv },
    );
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ name: 'County', state: 'importing', totalRows: 2 });
    expect(started.body['mapping']).toEqual(
      expect.arrayContaining([
        { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
        { name: 'Property Address', type: 'property', matchesTo: 'Address' },
      ]),
    );
    await t.app.services.imports.idle();
    const done = await callApi(base, key, 'GET', `/api/v1/imports/${started.body['id'] as string}`);
    expect(done.body).toMatchObject({
      state: 'imported',
      rowsDone: 2,
      result: { rowsRead: 2, contactsNew: 1, contactsMerged: 1, propertiesNew: 2 },
    });
    const search = await callApi(base, key, 'GET', '/api/v1/search?q=9164327788');
    expect(search.body['data']).toMatchObject([{ id: known.id }]);
  });

  it('takes an explicit mapping, refuses an unreadable one or no file, and replays an Idempotency-Key', async () => {
    const { admin, key } = await newTeam();
    const mapping = JSON.stringify([{ name: 'Phone', type: 'contact', matchesTo: 'Phone' }]);
    const headers = { 'idempotency-key': 'import-1' };
    const first = await callApiForm(
      base,
      key,
      '/api/v1/lists/import',
      { name: 'Phones', mapping },
      { name: 'a.csv', content: csv },
      headers,
    );
    expect(first.body['mapping']).toEqual([{ name: 'Phone', type: 'contact', matchesTo: 'Phone' }]);
    const again = await callApiForm(
      base,
      key,
      '/api/v1/lists/import',
      { name: 'Phones', mapping },
      { name: 'a.csv', content: csv },
      headers,
    );
    expect(again.body['id']).toBe(first.body['id']);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const bad = await callApiForm(
      base,
      key,
      '/api/v1/lists/import',
      { name: 'X', mapping: '[{' },
      { name: 'a.csv', content: csv },
    );
    expect(bad.status).toBe(400);
    expect(bad.body['code']).toBe('API_MAPPING_INVALID');
    const noFile = await callApiForm(base, key, '/api/v1/lists/import', { name: 'X' }, null);
    expect(noFile.status).toBe(400);
    await t.app.services.imports.idle();
    const names = (await t.database.db.select().from(lists).where(eq(lists.teamId, admin.teamId))).map(
      (l) => l.name,
    );
    // The team's first list and one import: the replay and the refused calls made none.
    expect(names.sort()).toEqual([`List ${n}`, 'Phones']);
  });
});
