import { randomUUID } from 'node:crypto';
import { newField, newSection, type DataField, type DataSection, type RecordType } from '@prospector/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { realtimeClients } from '../../test/sockets.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';

let t: TestApp;
let admin: TestUser;
const sockets: { closeAll(): void }[] = [];
beforeEach(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'admin@acme.test');
});
afterEach(async () => {
  sockets.splice(0).forEach((c) => c.closeAll());
  await t.close();
});

type Sections = { type: RecordType; sections: DataSection[] };

const read = async (user: TestUser, type: RecordType): Promise<Sections> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/settings/customFields?type=${type}`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const save = (user: TestUser, type: RecordType, sections: DataSection[]) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/settings/updateCustomFields',
    headers: user.headers,
    payload: { type, sections },
  });

const category = (name: string, options: string[]): DataField => ({
  ...newField('Category', randomUUID(), name),
  options,
});
const dealSection = (fields: DataField[] = [category('Motivation', ['High', 'Low'])]): DataSection => ({
  ...newSection(randomUUID(), 'Deal'),
  fields,
});

describe('GET /api/settings/customFields', () => {
  it("answers each entity's system section with its system fields", async () => {
    const { type, sections } = await read(admin, 'property');
    expect(type).toBe('property');
    expect(sections).toHaveLength(1);
    expect(sections[0]).toMatchObject({ _id: 'sys:property', name: 'Property', system: true });
    expect(sections[0]!.fields.find((f) => f.name === 'Pool')).toEqual({
      _id: 'sys:Pool',
      name: 'Pool',
      type: 'Category',
      options: ['Yes', 'No'],
      config: {},
      system: true,
    });
  });

  it('lets a member without the Data Fields permission read them', async () => {
    const member = await insertMember(t, admin.teamId, 'mia@acme.test');
    expect((await read(member, 'contact')).sections[0]!._id).toBe('sys:contact');
  });
});

describe('PATCH /api/settings/updateCustomFields', () => {
  it('saves the sections whole, in their order, and reads them back', async () => {
    const [system] = (await read(admin, 'property')).sections;
    const deal = dealSection([
      category(' Motivation ', ['High', 'Low']),
      newField('Number', randomUUID(), 'Price'),
    ]);
    const res = await save(admin, 'property', [deal, system!]);
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await read(admin, 'property')).sections;
    expect(saved.map((s) => s.name)).toEqual(['Deal', 'Property']);
    expect(saved[0]!.fields.map((f) => [f.name, f.type, f.options])).toEqual([
      ['Motivation', 'Category', ['High', 'Low']],
      ['Price', 'Number', []],
    ]);
    expect(res.json()).toEqual({ type: 'property', sections: saved });
  });

  it('lets system fields move into another section and the system section be hidden', async () => {
    const [system] = (await read(admin, 'contact')).sections;
    const [first, ...rest] = system!.fields;
    const moved = [{ ...system!, hidden: true, fields: rest }, dealSection([first!])];
    expect((await save(admin, 'contact', moved)).statusCode).toBe(200);
    expect((await read(admin, 'contact')).sections).toEqual(moved);
  });

  it('refuses renaming the system section, and nothing changes', async () => {
    const before = (await read(admin, 'company')).sections;
    const res = await save(admin, 'company', [{ ...before[0]!, name: 'Firm' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'SECTIONS_INVALID',
      message: 'The Company section is built in and cannot be renamed.',
    });
    expect((await read(admin, 'company')).sections).toEqual(before);
  });

  it('refuses deleting a system field, and nothing changes', async () => {
    const before = (await read(admin, 'company')).sections;
    const withoutWebsite = { ...before[0]!, fields: before[0]!.fields.filter((f) => f.name !== 'Website') };
    const res = await save(admin, 'company', [withoutWebsite, dealSection()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Website is a built-in field and cannot be deleted.');
    expect((await read(admin, 'company')).sections).toEqual(before);
  });

  it('refuses an empty category option', async () => {
    const before = (await read(admin, 'property')).sections;
    const res = await save(admin, 'property', [
      ...before,
      dealSection([category('Motivation', ['High', '  '])]),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The Motivation field has an empty option.');
    expect((await read(admin, 'property')).sections).toEqual(before);
  });

  it('refuses a section shown to someone of another team', async () => {
    const other = await insertTeamAdmin(t, 'boss@other.test');
    const before = (await read(admin, 'property')).sections;
    const res = await save(admin, 'property', [...before, { ...dealSection(), users: [other.userId] }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The Deal section is shown to someone who is not on your team.');
  });

  it('lets a member with the Data Fields permission save, and answers 403 to one without it', async () => {
    const before = (await read(admin, 'property')).sections;
    const without = await insertMember(t, admin.teamId, 'mia@acme.test', { permissions: ['statuses'] });
    const refused = await save(without, 'property', [...before, dealSection()]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_REQUIRED');
    expect((await read(admin, 'property')).sections).toEqual(before);

    const allowed = await insertMember(t, admin.teamId, 'dan@acme.test', { permissions: ['dataFields'] });
    expect((await save(allowed, 'property', [...before, dealSection()])).statusCode).toBe(200);
    expect((await read(admin, 'property')).sections.map((s) => s.name)).toEqual(['Property', 'Deal']);
  });

  it("leaves another team's sections untouched", async () => {
    const other = await insertTeamAdmin(t, 'boss@other.test');
    const theirs = (await read(other, 'property')).sections;
    const mine = (await read(admin, 'property')).sections;
    expect((await save(admin, 'property', [...mine, dealSection()])).statusCode).toBe(200);
    expect((await read(other, 'property')).sections).toEqual(theirs);
  });

  it('restricts a section to chosen members in the record modal', async () => {
    const member = await insertMember(t, admin.teamId, 'mia@acme.test', { dataAccess: 'All data' });
    const before = (await read(admin, 'contact')).sections;
    const adminOnly = { ...dealSection(), users: [admin.userId] };
    expect((await save(admin, 'contact', [...before, adminOnly])).statusCode).toBe(200);
    const item = await insertContact(t.database.db, admin.teamId, { phones: ['+12565938310'] });
    const sectionsSeenBy = async (user: TestUser) =>
      (await t.app.inject({ method: 'GET', url: `/api/items/${item.id}`, headers: user.headers }))
        .json()
        .sections.map((s: DataSection) => s.name);
    expect(await sectionsSeenBy(admin)).toEqual(['Contact', 'Deal']);
    expect(await sectionsSeenBy(member)).toEqual(['Contact']);
  });

  it('makes a new field an import target and editable on a record', async () => {
    const before = (await read(admin, 'contact')).sections;
    const source = newField('Text', randomUUID(), 'Lead source');
    expect((await save(admin, 'contact', [...before, dealSection([source])])).statusCode).toBe(200);

    const { payload, contentType } = multipartFile('leads.csv', 'Phone,Source\n(256) 593-8310,Zillow\n');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/lists/upload',
      headers: { ...admin.headers, 'content-type': contentType },
      payload,
    });
    expect(up.json().customFields.contact).toEqual([{ _id: source._id, name: 'Lead source' }]);

    const item = await insertContact(t.database.db, admin.teamId, { phones: ['+12565938310'] });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/items/update',
      headers: admin.headers,
      payload: { fieldId: source._id, itemId: item.id, data: 'Zillow', type: 'contact' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.custom).toEqual({ [source._id]: 'Zillow' });
  });

  it("tells the team's sockets, and only them, which entity changed", async () => {
    const clients = await realtimeClients(t);
    sockets.push(clients);
    const other = await insertTeamAdmin(t, 'boss@other.test');
    const { connect } = clients;
    const [mine, theirs] = await Promise.all([connect(admin), connect(other)]);
    const seen: unknown[] = [];
    let seenByOther = 0;
    mine.on('sectionsChanged', (payload) => seen.push(payload));
    theirs.on('sectionsChanged', () => seenByOther++);

    const before = (await read(admin, 'property')).sections;
    expect((await save(admin, 'property', [{ ...before[0]!, name: 'x' }])).statusCode).toBe(400);
    expect((await save(admin, 'property', [...before, dealSection()])).statusCode).toBe(200);
    await expect.poll(() => seen, { timeout: 15_000, interval: 20 }).toEqual([{ type: 'property' }]);
    expect(seenByOther).toBe(0);
  });
});
