import { type ItemDto, serverMessages } from '@prospector/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifiers, items } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { importCsv, type Mapping } from '../../test/import-csv.js';

// One team and one imported list for the file (an import costs seconds); each test works on rows of
// its own (its own street, phone or company), so none depends on another's.
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({}, { realClock: true });
  admin = await insertTeamAdmin(t, 'stacking@acme.test');
  await importRows([
    { Phone: '(206) 555-0143', Street: '4877 TERRACE DR NE', City: 'SEATTLE', State: 'WA', Zip: '98105' },
    { Phone: '(206) 555-0144', Street: '77 Birch Rd', City: 'Seattle', State: 'WA' },
    { Phone: '(206) 555-0145', Street: '210 Lake Ave', City: 'Seattle', State: 'WA' },
    { Phone: '(503) 555-0145', Street: '210 Lake Ave', City: 'Portland', State: 'OR' },
    { Phone: '(206) 555-0146', Company: 'ACME ROOFING LLC' },
    { Phone: '+12065550147', Street: '9 Pine St' },
    { Phone: '+12065550148' },
    { Email: 'ann.lee@example.com' },
  ]);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

const COLUMNS = ['Phone', 'Email', 'Street', 'City', 'State', 'Zip', 'Company'] as const;
const FIELDS: Mapping[] = [
  { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
  { name: 'Email', type: 'contact', matchesTo: 'Email' },
  { name: 'Street', type: 'property', matchesTo: 'Street1' },
  { name: 'City', type: 'property', matchesTo: 'City' },
  { name: 'State', type: 'property', matchesTo: 'State' },
  { name: 'Zip', type: 'property', matchesTo: 'Zip' },
  { name: 'Company', type: 'company', matchesTo: 'Name' },
];

/** Imports rows through the real upload and import calls, as a customer's first list arrives. */
function importRows(rows: Partial<Record<(typeof COLUMNS)[number], string>>[]) {
  const csv = [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => r[c] ?? '').join(','))].join('\n');
  return importCsv(t, admin, csv, FIELDS, 'First list');
}

type Added = { item: ItemDto; linked: { _id: string; existed: boolean } };
async function addAndMap(addedTo: string, type: string, idt: string, existingId?: string) {
  return call('PATCH', '/api/services/addAndMapData', { addedTo, type, idt, existingId });
}
async function added(addedTo: string, type: string, idt: string): Promise<Added> {
  const res = await addAndMap(addedTo, type, idt);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Added>();
}

/** The team's records of a type whose address or name contains `text` (lower case). */
async function recordsLike(type: 'contact' | 'property' | 'company', text: string) {
  const rows = await t.database.db
    .select()
    .from(items)
    .where(and(eq(items.teamId, admin.teamId), eq(items.type, type)));
  return rows.filter((r) => r.searchText.includes(text));
}

/** The imported record of a type found by a word of its address or name. */
async function imported(type: 'contact' | 'property' | 'company', text: string) {
  const [row] = await recordsLike(type, text);
  return row!;
}

/** The contact that holds a phone or e-mail. */
async function holder(value: string) {
  const [row] = await t.database.db.select().from(identifiers).where(eq(identifiers.value, value));
  return row!.itemId;
}

let leads = 0;
/** A contact of its own for each test, with a phone no other test uses. */
const newLead = () =>
  insertContact(t.database.db, admin.teamId, { phones: [`916-456-${String(7000 + ++leads)}`] });

describe('a property added by its address', () => {
  it('links the imported property when its street is typed without the city, and says so', async () => {
    const property = await imported('property', '4877 terrace');
    const lead = await newLead();
    const { item, linked } = await added(lead.id, 'property', '4877 Terrace Dr NE');
    expect(linked).toEqual({ _id: property.id, existed: true });
    expect(item.properties.map((p) => p._id)).toEqual([property.id]);
    expect(await recordsLike('property', '4877 terrace')).toHaveLength(1);
    const search = (await call('POST', '/api/services/search', { text: '4877 Terrace', type: 'all' })).json();
    expect(search.results.map((r: { _id: string }) => r._id)).toEqual([property.id]);
  });

  it.each([
    ['another case and spacing', '4877  terrace dr ne'],
    ["'Drive' for 'Dr' and its city", '4877 Terrace Drive NE, Seattle'],
    ['its full address with a zip+4', '4877 Terrace Dr. NE, Seattle, WA 98105-2231'],
  ])('links it when the address is written with %s', async (_how, typed) => {
    const property = await imported('property', '4877 terrace');
    const lead = await newLead();
    expect((await added(lead.id, 'property', typed)).linked).toEqual({ _id: property.id, existed: true });
    expect(await recordsLike('property', '4877 terrace')).toHaveLength(1);
  });

  it('makes a new property, with its city, state and zip, for the same street in another city', async () => {
    const lead = await newLead();
    const { item, linked } = await added(lead.id, 'property', '77 birch road ne, Portland, or 97201');
    expect(linked.existed).toBe(false);
    expect(item.properties).toMatchObject([
      { _id: linked._id, title: '77 Birch Road NE', subtitle: 'Portland, OR' },
    ]);
    const typedAgain = await added(lead.id, 'property', '77 Birch Rd NE, Portland, OR');
    expect(typedAgain.linked).toEqual({ _id: linked._id, existed: true });
    expect(await recordsLike('property', '77 birch')).toHaveLength(2);
  });

  it('asks which one when two properties share the street, and links the one whose city is given', async () => {
    const lead = await newLead();
    const refused = await addAndMap(lead.id, 'property', '210 Lake Avenue');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(serverMessages.records.addressAmbiguous);
    expect(await recordsLike('property', '210 lake')).toHaveLength(2);
    const { item } = await added(lead.id, 'property', '210 Lake Ave, Portland');
    expect(item.properties).toMatchObject([{ subtitle: 'Portland, OR' }]);
  });

  it('stacks two adds of the same address by hand onto one property', async () => {
    const a = await newLead();
    const b = await newLead();
    const first = await added(a.id, 'property', '12 elm street, Springfield, IL');
    const second = await added(b.id, 'property', '12 Elm St');
    expect(first.linked.existed).toBe(false);
    expect(second.linked).toEqual({ _id: first.linked._id, existed: true });
  });

  it('refuses an address with no street in it, with a clear message, and adds nothing', async () => {
    const lead = await newLead();
    const before = await recordsLike('property', '');
    const res = await addAndMap(lead.id, 'property', '#');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(serverMessages.records.addressRequired);
    expect(await recordsLike('property', '')).toHaveLength(before.length);
  });
});

describe('a company, phone or e-mail added by hand', () => {
  it('links the imported company when its name is written another way', async () => {
    const company = await imported('company', 'acme roofing');
    const property = await insertContact(t.database.db, admin.teamId, {
      type: 'property',
      data: { Address: '1 Oak St' },
    });
    expect((await added(property.id, 'company', 'acme roofing')).linked).toEqual({
      _id: company.id,
      existed: true,
    });
    expect(await recordsLike('company', 'acme')).toHaveLength(1);
  });

  it('links the imported contact when its phone is written nationally instead of in E.164', async () => {
    const contact = await holder('+12065550147');
    const company = await insertContact(t.database.db, admin.teamId, {
      type: 'company',
      data: { Name: 'Bolt' },
    });
    expect((await added(company.id, 'contact', '(206) 555-0147')).linked).toEqual({
      _id: contact,
      existed: true,
    });
    const owners = await t.database.db
      .select()
      .from(identifiers)
      .where(eq(identifiers.value, '+12065550147'));
    expect(owners).toHaveLength(1);
  });

  it('stacks a phone written nationally onto the identifier the contact has in E.164', async () => {
    const contact = await holder('+12065550148');
    const res = await call('PATCH', '/api/items/addIdt', { itemId: contact, value: '206.555.0148' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ item: ItemDto }>().item.idts.map((i) => i.value)).toEqual(['+12065550148']);
  });

  it('stacks an e-mail written in another case onto the same identifier, and keeps it from another contact', async () => {
    const contact = await holder('ann.lee@example.com');
    const res = await call('PATCH', '/api/items/addIdt', { itemId: contact, value: ' Ann.Lee@EXAMPLE.com ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ item: ItemDto }>().item.idts.map((i) => i.value)).toEqual(['ann.lee@example.com']);
    const other = await newLead();
    const taken = await call('PATCH', '/api/items/addIdt', {
      itemId: other.id,
      value: 'ANN.LEE@example.com',
    });
    expect(taken.statusCode).toBe(409);
    const rows = await t.database.db
      .select()
      .from(identifiers)
      .where(eq(identifiers.value, 'ann.lee@example.com'));
    expect(rows).toHaveLength(1);
  });
});

describe('a record picked from the suggestions', () => {
  it('is linked as it is, whatever was typed', async () => {
    const lead = await newLead();
    const property = await insertContact(t.database.db, admin.teamId, {
      type: 'property',
      data: { Address: '5 Quarry Ln', City: 'Seattle' },
    });
    const res = await addAndMap(lead.id, 'property', '5 Quarry', property.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Added>().linked).toEqual({ _id: property.id, existed: true });
    expect(await recordsLike('property', 'quarry')).toHaveLength(1);
  });

  it('must be of the type being added', async () => {
    const lead = await newLead();
    const company = await insertContact(t.database.db, admin.teamId, {
      type: 'company',
      data: { Name: 'Cogs' },
    });
    const res = await addAndMap(lead.id, 'property', 'Cogs', company.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(serverMessages.records.linkSameType);
  });

  it("must be one of the caller's team's records", async () => {
    const other = await insertTeamAdmin(t, 'other@team.test');
    const theirs = await insertContact(t.database.db, other.teamId, {
      type: 'property',
      data: { Address: '1 Oak' },
    });
    const lead = await newLead();
    const res = await addAndMap(lead.id, 'property', '1 Oak', theirs.id);
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/api/items/${lead.id}`)).json().item.properties).toEqual([]);
  });
});
