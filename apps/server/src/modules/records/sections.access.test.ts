import { randomUUID } from 'node:crypto';
import { newField, newSection, type DataSection, type ItemDto } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { startImport, uploadCsv } from '../../test/import-csv.js';

/**
 * ADR 031: a section limited to named members is enforced by the server. A member left out never
 * receives its fields or values, cannot write them, and cannot import into them; a listed member and
 * the admin can (positive controls).
 */
let t: TestApp;
let admin: TestUser;
let outsider: TestUser;
let insider: TestUser;
let contactId: string;
const priceId = randomUUID();
const SECRET = 'Asking 412000 cash';

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const setPrice = (user: TestUser, value: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/items/update',
    headers: user.headers,
    payload: { itemId: contactId, fieldId: priceId, data: value, type: 'contact' },
  });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'sections-owner@acme.test');
  outsider = await insertMember(t, admin.teamId, 'out@acme.test', {
    dataAccess: 'All data',
    permissions: ['import'],
  });
  insider = await insertMember(t, admin.teamId, 'in@acme.test', { dataAccess: 'All data' });
  contactId = (await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7811'] })).id;
  const current = (await get(admin, '/api/settings/customFields?type=contact')).json<{
    sections: DataSection[];
  }>().sections;
  const deal: DataSection = {
    ...newSection(randomUUID(), 'Deal'),
    users: [insider.userId],
    fields: [newField('Text', priceId, 'Price')],
  };
  // The built-in section limited too: that part is dropped on save.
  const sections = [...current.map((s) => ({ ...s, users: [insider.userId] })), deal];
  const saved = await t.app.inject({
    method: 'PATCH',
    url: '/api/settings/updateCustomFields',
    headers: admin.headers,
    payload: { type: 'contact', sections },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await setPrice(admin, SECRET)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('a section limited to named members', () => {
  it('a member left out does not receive its fields or values when opening the record', async () => {
    const res = await get(outsider, `/api/items/${contactId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(priceId);
    const body = res.json<{ item: ItemDto; sections: DataSection[] }>();
    expect(body.sections.map((s) => s.name)).toEqual(['Contact']);
    // A listed member and the admin do.
    for (const reader of [insider, admin]) {
      const theirs = await get(reader, `/api/items/${contactId}`);
      expect(theirs.json<{ item: ItemDto }>().item.custom[priceId]).toBe(SECRET);
    }
  });

  it('a member left out cannot overwrite its values', async () => {
    const res = await setPrice(outsider, 'Overwritten');
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(items).where(eq(items.id, contactId));
    expect(row!.custom[priceId]).toBe(SECRET);
    expect((await setPrice(insider, SECRET)).statusCode).toBe(200);
  });

  it('is not listed to a member left out by the fields call or the import screen, and cannot be imported into', async () => {
    const fields = await get(outsider, '/api/settings/customFields?type=contact');
    expect(fields.body).not.toContain(priceId);
    expect(fields.json<{ sections: DataSection[] }>().sections.map((s) => s.name)).toEqual(['Contact']);
    const upload = await uploadCsv(t, outsider, 'Phone,Price\n916-456-7811,1\n');
    expect(upload.customFields.contact.map((f) => f._id)).not.toContain(priceId);
    const start = await startImport(t, outsider, {
      fileId: upload.fileId,
      fields: [
        { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
        { name: 'Price', type: 'contact', matchesTo: priceId },
      ],
    });
    expect(start.statusCode).toBe(400);
    const listed = await get(insider, '/api/settings/customFields?type=contact');
    expect(listed.json<{ sections: DataSection[] }>().sections.map((s) => s.name)).toEqual([
      'Contact',
      'Deal',
    ]);
  });

  it('a built-in section cannot be limited: its members list is dropped on save', async () => {
    const res = await get(admin, '/api/settings/customFields?type=contact');
    const builtIn = res.json<{ sections: DataSection[] }>().sections.find((s) => s.system);
    expect(builtIn!.users).toEqual([]);
  });
});
