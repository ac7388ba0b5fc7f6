import { serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifiers, itemLinks, items, messages as messageRows, tasks } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  insertContact,
  insertMember,
  insertTask,
  insertTeamAdmin,
  type TestUser,
} from '../../test/factories.js';

/**
 * Every call that names a record, asked by someone who may not touch it: another team's admin gets
 * 404 (the record does not exist for them), a member who sees only assigned records gets 403, a
 * malformed payload gets 400 — and in every case nothing about the record changes.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let member: TestUser;
let itemId: string;
let propertyId: string;
let taskId: string;
let messageId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await insertTeamAdmin(t, 'owner@acme.test');
  stranger = await insertTeamAdmin(t, 'boss@other.test');
  member = await insertMember(t, owner.teamId, 'mo@acme.test');
  const { db } = t.database;
  const contact = await insertContact(db, owner.teamId, {
    phones: ['916-456-7890'],
    status: 'Not contacted',
  });
  const property = await insertContact(db, owner.teamId, { type: 'property', data: { Address: '1 Oak St' } });
  itemId = contact.id;
  propertyId = property.id;
  await db.insert(itemLinks).values([
    { teamId: owner.teamId, fromId: itemId, toId: propertyId },
    { teamId: owner.teamId, fromId: propertyId, toId: itemId },
  ]);
  await insertTask(db, owner.teamId, itemId, 'Call back', null);
  taskId = (await db.select().from(tasks).where(eq(tasks.itemId, itemId)))[0]!.id;
  const [msg] = await db
    .insert(messageRows)
    .values({
      teamId: owner.teamId,
      itemId,
      system: true,
      direction: 'out',
      body: 'Follow-up',
      status: 'scheduled',
      due: new Date('2030-01-01T00:00:00Z'),
      createdAt: new Date('2026-01-01T00:00:00Z'),
    })
    .returning();
  messageId = msg!.id;
});
afterAll(async () => {
  await t.close();
});

type Call = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: () => string;
  body?: () => object;
  bad?: () => object;
};
const calls: Call[] = [
  { name: 'get the record', method: 'GET', url: () => `/api/items/${itemId}` },
  {
    name: 'update a field',
    method: 'PATCH',
    url: () => '/api/items/update',
    body: () => ({ dataId: itemId, key: 'City', val: 'Reno', dataType: 'contact' }),
    bad: () => ({ dataId: itemId, key: '', val: 'Reno', dataType: 'contact' }),
  },
  {
    name: 'change the status',
    method: 'PATCH',
    url: () => '/api/items/changeStatus',
    body: () => ({ dataId: itemId, status: 'DNC', prevStatus: 'Not contacted' }),
    bad: () => ({ dataId: 'not-a-uuid', status: 'DNC' }),
  },
  {
    name: 'add a phone',
    method: 'PATCH',
    url: () => '/api/items/addIdt',
    body: () => ({ itemId, value: '916-456-7999' }),
    bad: () => ({ itemId, value: '' }),
  },
  {
    name: 'mark a phone DNC',
    method: 'PATCH',
    url: () => '/api/items/changeIdt',
    body: () => ({ itemId, value: '+19164567890', action: 'DNC' }),
    bad: () => ({ itemId, value: '+19164567890', action: 'Spam' }),
  },
  {
    name: 'unlink a property',
    method: 'PATCH',
    url: () => '/api/items/unlink',
    body: () => ({ parentId: itemId, parentType: 'contact', dataId: propertyId, dataType: 'property' }),
    bad: () => ({ parentId: itemId, parentType: 'planet', dataId: propertyId, dataType: 'property' }),
  },
  {
    name: 'add and link a company',
    method: 'PATCH',
    url: () => '/api/services/addAndMapData',
    body: () => ({ type: 'company', idt: 'Acme Roofing', addedTo: itemId }),
    bad: () => ({ type: 'company', idt: '', addedTo: itemId }),
  },
  {
    name: 'assign a member',
    method: 'PATCH',
    url: () => '/api/services/assign',
    body: () => ({ assignedId: member.userId, dataId: itemId, dataType: 'contact' }),
    bad: () => ({ assignedId: member.userId, dataId: itemId, dataType: 'planet' }),
  },
  {
    name: 'comment',
    method: 'POST',
    url: () => '/api/messages/add',
    body: () => ({ body: 'Hello', dataId: itemId, dataType: 'contact' }),
    bad: () => ({ body: '   ', dataId: itemId, dataType: 'contact' }),
  },
  {
    name: 'cancel a scheduled message',
    method: 'POST',
    url: () => '/api/services/deschedule',
    body: () => ({ dataId: itemId, msgId: messageId }),
    bad: () => ({ dataId: itemId }),
  },
  { name: 'list its tasks', method: 'GET', url: () => `/api/tasks/${itemId}` },
  {
    name: 'add a task',
    method: 'POST',
    url: () => '/api/tasks/add',
    body: () => ({ task: { text: 'Visit' }, dataId: itemId, dataType: 'contact' }),
    bad: () => ({ task: { text: 'Visit', due: 'tomorrow' }, dataId: itemId, dataType: 'contact' }),
  },
  {
    name: "change a task's text",
    method: 'PATCH',
    url: () => '/api/tasks/text',
    body: () => ({ _id: taskId, dataId: itemId, text: 'Changed' }),
    bad: () => ({ _id: taskId, dataId: itemId, text: 7 }),
  },
  {
    name: "change a task's due time",
    method: 'PATCH',
    url: () => '/api/tasks/due',
    body: () => ({ _id: taskId, dataId: itemId, due: '2030-01-01T09:00:00Z' }),
    bad: () => ({ _id: taskId, dataId: itemId, due: 'soon' }),
  },
  {
    name: 'complete a task',
    method: 'PATCH',
    url: () => '/api/tasks/completed',
    body: () => ({ _id: taskId, dataId: itemId, completed: true }),
    bad: () => ({ _id: taskId, dataId: itemId, completed: 'yes' }),
  },
];

/** Everything a call could change about the record, in one comparable value. */
async function snapshot() {
  const { db } = t.database;
  const [item] = await db.select().from(items).where(eq(items.id, itemId));
  return JSON.stringify({
    item,
    idts: await db.select().from(identifiers).where(eq(identifiers.itemId, itemId)),
    links: await db.select().from(itemLinks).where(eq(itemLinks.fromId, itemId)),
    tasks: await db.select().from(tasks).where(eq(tasks.itemId, itemId)),
    messages: await db.select().from(messageRows).where(eq(messageRows.itemId, itemId)),
    itemCount: (await db.select({ id: items.id }).from(items)).length,
  });
}

const send = (user: TestUser, c: Call, body = c.body?.()) =>
  t.app.inject({ method: c.method, url: c.url(), headers: user.headers, ...(body ? { payload: body } : {}) });

describe('a record is out of reach of those who may not see it', () => {
  for (const c of calls) {
    it(`${c.name}: 404 for another team, 403 for a member it is not assigned to, and nothing changes`, async () => {
      const before = await snapshot();
      const theirs = await send(stranger, c);
      expect(theirs.statusCode).toBe(404);
      const mine = await send(member, c);
      expect(mine.statusCode).toBe(403);
      expect(mine.json().message).toBe(serverMessages.records.itemForbidden);
      expect(await snapshot()).toBe(before);
    });
    if (c.bad)
      it(`${c.name}: 400 for a malformed payload, and nothing changes`, async () => {
        const before = await snapshot();
        const res = await send(owner, c, c.bad!());
        expect(res.statusCode).toBe(400);
        expect(await snapshot()).toBe(before);
      });
  }
});
