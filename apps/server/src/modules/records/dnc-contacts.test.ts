import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, statuses } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin, type TestUser } from '../../test/factories.js';

/*
 * Issue 30 item 4, ADR 030: a contact whose every phone is DNC is in the DNC status — on the board, in
 * the Messenger and in the export's counts — whichever way its phones became DNC; a contact with a
 * phone still usable keeps its status.
 */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'owner@dnc-contacts.test');
}, 60_000);
afterAll(() => t.close());

const statusOf = async (itemId: string) => {
  const [row] = await t.database.db
    .select({ text: statuses.text })
    .from(items)
    .leftJoin(statuses, eq(statuses.id, items.statusId))
    .where(eq(items.id, itemId));
  return row?.text ?? null;
};
const dncCount = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/items/countExport', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return (res.json().statuses as { text: string; count: number }[]).find((s) => s.text === 'DNC')!.count;
};
const markDnc = (itemId: string, value: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/items/changeIdt',
    headers: admin.headers,
    payload: { itemId, value, action: 'DNC' },
  });

describe('a contact whose phones are DNC', () => {
  it('keeps its status while one phone is usable, and moves to DNC when its last phone is marked by hand', async () => {
    const c = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['+19165550101', '+19165550102'],
      emails: ['both@dnc.test'],
    });
    const before = await dncCount();
    expect((await markDnc(c.id, '+19165550101')).statusCode).toBe(200);
    expect(await statusOf(c.id)).toBe('Not contacted');
    expect(await dncCount()).toBe(before);

    const res = await markDnc(c.id, '+19165550102');
    expect(res.statusCode).toBe(200);
    expect(await statusOf(c.id)).toBe('DNC');
    expect(await dncCount()).toBe(before + 1);
    // The board reads the same status: the contact is a card of the DNC column.
    const board = await t.app.inject({ method: 'GET', url: `/api/items/${c.id}`, headers: admin.headers });
    expect(board.json().item.status).toBe('DNC');
  });

  it('moves to DNC when the team imports a DNC list holding its only phone', async () => {
    const c = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['+19165550103'],
    });
    const other = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      phones: ['+19165550104'],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/items/import-dnc',
      headers: admin.headers,
      payload: { phones: ['+19165550103'] },
    });
    expect(res.json()).toMatchObject({ identifiersMarked: 1 });
    expect(await statusOf(c.id)).toBe('DNC');
    expect(await statusOf(other.id)).toBe('Not contacted');
  });

  it('leaves a contact with no phone (e-mail only) where it is', async () => {
    const c = await insertContact(t.database.db, admin.teamId, {
      status: 'Not contacted',
      emails: ['only@dnc.test'],
    });
    expect(await statusOf(c.id)).toBe('Not contacted');
  });
});
