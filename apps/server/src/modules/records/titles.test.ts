import { csvLine, type ItemDto, type ItemSummary } from '@prospector/core';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifiers, items, statuses } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { importCsv, type Mapping } from '../../test/import-csv.js';

// A customer's first list: contacts known only by a phone and the company they work for, one with a
// name, one with neither a name nor a company.
const CSV = [
  'Phone,First name,Company',
  '(206) 555-0161,,ACME ROOFING LLC',
  '(206) 555-0162,Ann,Bolt Electric',
  '(206) 555-0163,,',
].join('\n');
const FIELDS: Mapping[] = [
  { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
  { name: 'First name', type: 'contact', matchesTo: 'First name' },
  { name: 'Company', type: 'company', matchesTo: 'Name' },
];

let t: TestApp;
let admin: TestUser;
const ids: Record<string, string> = {};

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp({}, { realClock: true });
  admin = await insertTeamAdmin(t, 'titles@acme.test');
  await importCsv(t, admin, CSV, FIELDS, 'Companies');
  const rows = await t.database.db
    .select({ value: identifiers.value, itemId: identifiers.itemId })
    .from(identifiers)
    .where(eq(identifiers.teamId, admin.teamId));
  for (const r of rows) ids[r.value] = r.itemId;
  // Each has texted, so each is in the Messenger.
  await t.database.db
    .update(items)
    .set({
      lastMessage: {
        body: 'Still interested?',
        createdAt: new Date().toISOString(),
        leadIdt: null,
        direction: 'in',
      },
    })
    .where(inArray(items.id, Object.values(ids)));
});
afterAll(async () => {
  await t.close();
});

const ACME = '+12065550161';
const ANN = '+12065550162';
const BARE = '+12065550163';
const expected = { [ACME]: 'Acme Roofing LLC', [ANN]: 'Ann', [BARE]: '(206) 555-0163' };

const titlesById = (rows: { _id: string; title: string }[]) =>
  Object.fromEntries(rows.filter((r) => r.title).map((r) => [r._id, r.title]));
const byContact = (titles: Record<string, string>) =>
  Object.fromEntries(Object.entries(expected).map(([phone]) => [phone, titles[ids[phone]!]]));

describe('a contact without a name', () => {
  it('is titled on the board by its company, else by its phone, formatted', async () => {
    const { columns } = (await call('POST', '/api/dashboard/get', {})).json<{
      columns: { items: ItemSummary[] }[];
    }>();
    expect(byContact(titlesById(columns.flatMap((c) => c.items)))).toEqual(expected);
  });

  it('is titled so in the Messenger', async () => {
    const { items: rows } = (await call('POST', '/api/items/get', {})).json<{ items: ItemSummary[] }>();
    expect(byContact(titlesById(rows))).toEqual(expected);
  });

  it('is titled so in search results', async () => {
    const { results } = (
      await call('POST', '/api/services/search', { text: '206555', type: 'contact' })
    ).json<{
      results: ItemSummary[];
    }>();
    expect(byContact(titlesById(results))).toEqual(expected);
  });

  it("is titled so among its company's contacts", async () => {
    const contact = (await call('GET', `/api/items/${ids[ACME]}`)).json<{ item: ItemDto }>().item;
    const company = (await call('GET', `/api/items/${contact.companies[0]!._id}`)).json<{ item: ItemDto }>()
      .item;
    expect(company.contacts.map((c) => c.title)).toEqual(['Acme Roofing LLC']);
  });

  it('is exported with that title as its Name, beside its company', async () => {
    const [status] = await t.database.db
      .select()
      .from(statuses)
      .where(and(eq(statuses.teamId, admin.teamId), eq(statuses.text, 'Not contacted')));
    const res = await call('POST', '/api/items/export', { condition: status!.id });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json<{ csv: string }>().csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      csvLine([
        'Name',
        'First name',
        'Last name',
        'Company',
        'Phone 1',
        'Phone 2',
        'Phone 3',
        'Email',
        'Status',
        'Address',
        'City',
        'State',
        'Zip',
      ]),
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5))).toEqual(
      expect.arrayContaining([
        ['Acme Roofing LLC', '', '', 'Acme Roofing LLC', '+12065550161'],
        ['Ann', 'Ann', '', 'Bolt Electric', '+12065550162'],
        ['(206) 555-0163', '', '', '', '+12065550163'],
      ]),
    );
  });
});
