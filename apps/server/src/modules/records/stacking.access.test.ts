import { type ItemDto, serverMessages } from '@prospector/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifiers, itemLinks, items, listItems } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { importCsv, type Mapping } from '../../test/import-csv.js';

/**
 * ADR 031: stacking still finds the team's record (no duplicate is made), but an 'Only assigned'
 * member learns nothing of a record they may not open and changes nothing on it, whether they add by
 * hand, look at a record's links or import a file.
 */
let t: TestApp;
let admin: TestUser;
let member: TestUser;
/** A contact the member may not open, and one assigned to them. */
let hidden: { id: string };
let theirs: { id: string };
/** A property assigned to the member (the record they add to). */
let property: { id: string };

beforeAll(async () => {
  t = await buildTestApp({}, { realClock: true });
  admin = await insertTeamAdmin(t, 'stack-owner@acme.test');
  member = await insertMember(t, admin.teamId, 'stack-mo@acme.test', { permissions: ['import'] });
  const { db } = t.database;
  hidden = await insertContact(db, admin.teamId, {
    first: 'Hidden',
    last: 'Harper',
    phones: ['916-456-7801'],
    status: 'Not contacted',
  });
  theirs = await insertContact(db, admin.teamId, {
    first: 'Open',
    last: 'Olsen',
    phones: ['916-456-7802'],
    assignedTo: [member.userId],
  });
  property = await insertContact(db, admin.teamId, {
    type: 'property',
    data: { Address: '12 Elm St' },
    assignedTo: [member.userId],
  });
});
afterAll(async () => {
  await t.close();
});

const addAndMap = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/services/addAndMapData', headers: user.headers, payload });

async function stateOf(itemId: string) {
  const { db } = t.database;
  const [item] = await db.select().from(items).where(eq(items.id, itemId));
  return JSON.stringify({
    item,
    idts: await db.select().from(identifiers).where(eq(identifiers.itemId, itemId)),
    links: await db.select().from(itemLinks).where(eq(itemLinks.toId, itemId)),
  });
}
const itemCount = async () => (await t.database.db.select({ id: items.id }).from(items)).length;

describe("an 'Only assigned' member stacking onto a record they may not open", () => {
  it('adding its phone by hand links nothing, makes no duplicate and answers without its name, status or id', async () => {
    const before = await stateOf(hidden.id);
    const count = await itemCount();
    const res = await addAndMap(member, { addedTo: property.id, type: 'contact', idt: '(916) 456-7801' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(serverMessages.records.onRecordNotYours);
    expect(res.body).not.toContain(hidden.id);
    expect(res.body).not.toContain('Harper');
    expect(res.body).not.toContain('Not contacted');
    expect(await stateOf(hidden.id)).toBe(before);
    expect(await itemCount()).toBe(count);
  });

  it('adding the phone of a record assigned to them links it (positive control)', async () => {
    const res = await addAndMap(member, { addedTo: property.id, type: 'contact', idt: '916-456-7802' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ item: ItemDto; linked: { _id: string; existed: boolean } }>();
    expect(body.linked).toEqual({ _id: theirs.id, existed: true });
    expect(body.item.contacts.map((c) => c._id)).toContain(theirs.id);
  });

  it('a record they may open does not summarise a linked record they may not open', async () => {
    // The admin links the hidden contact to the member's property.
    const linked = await addAndMap(admin, { addedTo: property.id, type: 'contact', idt: '916-456-7801' });
    expect(linked.statusCode, linked.body).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/items/${property.id}`,
      headers: member.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain(hidden.id);
    expect(mine.body).not.toContain('Harper');
    expect(mine.json<{ item: ItemDto }>().item.contacts.map((c) => c._id)).toEqual([theirs.id]);
    // The admin, who reads every record, sees both.
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/items/${property.id}`,
      headers: admin.headers,
    });
    expect(
      all
        .json<{ item: ItemDto }>()
        .item.contacts.map((c) => c._id)
        .sort(),
    ).toEqual([hidden.id, theirs.id].sort());
  });

  it('an import merges nothing into it, does not list it, and says the row was left unchanged', async () => {
    const FIELDS: Mapping[] = [
      { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
      { name: 'Email', type: 'contact', matchesTo: 'Email' },
    ];
    const before = await stateOf(hidden.id);
    const count = await itemCount();
    const csv = ['Phone,Email', '916-456-7801,hidden@example.com', '916-456-7802,open@example.com'].join(
      '\n',
    );
    const list = await importCsv(t, member, csv, FIELDS, 'Member list');
    const { db } = t.database;
    const [done] = await db.select().from(items).where(eq(items.id, hidden.id));
    expect(done).toBeTruthy();
    expect(await stateOf(hidden.id)).toBe(before);
    expect(await itemCount()).toBe(count);
    const listed = await db
      .select({ itemId: listItems.itemId })
      .from(listItems)
      .where(inArray(listItems.itemId, [hidden.id, theirs.id]));
    expect(listed.map((l) => l.itemId)).toEqual([theirs.id]);
    // Their own contact took the e-mail (positive control).
    const theirIdts = await db.select().from(identifiers).where(eq(identifiers.itemId, theirs.id));
    expect(theirIdts.map((i) => i.value)).toContain('open@example.com');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/lists/byId/${list._id}/0`,
      headers: member.headers,
    });
    const result = res.json<{
      list: { result: { contactsMerged: number; dropped: Record<string, number> } };
    }>().list.result;
    expect(result.contactsMerged).toBe(1);
    expect(result.dropped[serverMessages.lists.droppedNotYours]).toBe(1);
  });
});
