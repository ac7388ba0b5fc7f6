import { NO_STATUS } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devices, items, statuses } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'admin@acme.test');
});
afterEach(async () => {
  await t.close();
});

const inbox = (user: TestUser, body: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/items/get', headers: user.headers, payload: body });

/** A reply arriving through a device, as the gateway files it. */
async function reply(from: string, body: string, id = `${from}-${body}`) {
  let [device] = await t.database.db.select().from(devices).where(eq(devices.teamId, admin.teamId));
  if (!device) {
    await t.app.inject({
      method: 'POST',
      url: '/api/services/addNumber',
      headers: admin.headers,
      payload: { phoneType: 'Android', value: '+19165550100' },
    });
    [device] = await t.database.db.select().from(devices).where(eq(devices.teamId, admin.teamId));
  }
  await t.app.services.sms.applyInbound(device!, [{ id, from, body, at: t.clock.now().toISOString() }]);
}

async function sentTo(itemId: string, body: string, leadIdt: string) {
  t.clock.advance(60_000);
  await t.database.db
    .update(items)
    .set({
      lastMessage: { body, createdAt: t.clock.now().toISOString(), leadIdt, direction: 'out' },
      lastActivityAt: t.clock.now(),
    })
    .where(eq(items.id, itemId));
}

describe('the Messenger list', () => {
  it('shows a reply under Unread with the badge count until someone opens the record', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      last: 'Lee',
      phones: ['916-456-7890'],
    });
    await reply('+19164567890', 'Maybe, what are you offering?');
    const unread = (await inbox(admin, { inboxType: 'unread' })).json();
    expect(unread.unread).toBe(1);
    expect(unread.items).toMatchObject([
      {
        _id: ann.id,
        title: 'Ann Lee',
        subtitle: '+19164567890',
        unread: 1,
        phone: '+19164567890',
        phoneStatus: '',
        lastMessage: { body: 'Maybe, what are you offering?', direction: 'in' },
      },
    ]);
    await t.app.inject({ method: 'GET', url: `/api/items/${ann.id}`, headers: admin.headers });
    const after = (await inbox(admin, { inboxType: 'unread' })).json();
    expect(after).toEqual({ unread: 0, needsLook: 0, items: [] });
    expect((await inbox(admin)).json().items).toHaveLength(1);
  });

  it('splits Sent and Received by the last text, latest first', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    const bob = await insertContact(t.database.db, admin.teamId, { first: 'Bob', phones: ['916-456-7891'] });
    await insertContact(t.database.db, admin.teamId, { first: 'Cy', phones: ['916-456-7892'] }); // never texted
    await reply('+19164567890', 'Who is this?');
    await sentTo(bob.id, 'Hi Bob', '+19164567891');
    const ids = async (inboxType: string) =>
      (await inbox(admin, { inboxType })).json().items.map((i: { _id: string }) => i._id);
    expect(await ids('received')).toEqual([ann.id]);
    expect(await ids('sent')).toEqual([bob.id]);
    expect(await ids('all')).toEqual([bob.id, ann.id]);
  });

  it("filters by status chips, 'No status' included", async () => {
    const [hot] = await t.database.db
      .insert(statuses)
      .values({ teamId: admin.teamId, text: 'Hot', position: 5 })
      .returning();
    const ann = await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      phones: ['916-456-7890'],
      status: 'Hot',
    });
    const bob = await insertContact(t.database.db, admin.teamId, { first: 'Bob', phones: ['916-456-7891'] });
    await sentTo(ann.id, 'Hi', '+19164567890');
    await sentTo(bob.id, 'Hi', '+19164567891');
    const ids = async (selectedStatuses: string[]) =>
      (await inbox(admin, { selectedStatuses })).json().items.map((i: { _id: string }) => i._id);
    expect(await ids([hot!.id])).toEqual([ann.id]);
    expect(await ids([NO_STATUS])).toEqual([bob.id]);
    expect(await ids([NO_STATUS, hot!.id])).toEqual([bob.id, ann.id]);
  });

  it('finds a record by a phone typed in any format, and ignores searches under 3 characters', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    const bob = await insertContact(t.database.db, admin.teamId, { first: 'Bob', phones: ['916-456-7891'] });
    await sentTo(ann.id, 'Hi', '+19164567890');
    await sentTo(bob.id, 'Hi', '+19164567891');
    const ids = async (search: string) =>
      (await inbox(admin, { search })).json().items.map((i: { _id: string }) => i._id);
    expect(await ids('(916) 456-7891')).toEqual([bob.id]);
    expect(await ids('ann')).toEqual([ann.id]);
    expect(await ids('an')).toHaveLength(2);
  });

  it('pages 30 at a time', async () => {
    for (let i = 0; i < 35; i++) {
      const c = await insertContact(t.database.db, admin.teamId, { phones: [`916-555-${1000 + i}`] });
      await sentTo(c.id, 'Hi', `+1916555${1000 + i}`);
    }
    expect((await inbox(admin)).json().items).toHaveLength(30);
    expect((await inbox(admin, { skip: 30 })).json().items).toHaveLength(5);
  });

  it('is for admins and members with the messenger permission; Only assigned members see their records', async () => {
    const plain = await insertMember(t, admin.teamId, 'mo@acme.test');
    expect((await inbox(plain)).statusCode).toBe(403);
    const messenger = await insertMember(t, admin.teamId, 'pat@acme.test', { permissions: ['messenger'] });
    const mine = await insertContact(t.database.db, admin.teamId, {
      phones: ['916-456-7890'],
      assignedTo: [messenger.userId],
    });
    const other = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7891'] });
    await sentTo(mine.id, 'Hi', '+19164567890');
    await sentTo(other.id, 'Hi', '+19164567891');
    const res = (await inbox(messenger)).json();
    expect(res.items.map((i: { _id: string }) => i._id)).toEqual([mine.id]);
    expect((await inbox(admin, { onlyMine: true })).json().items).toEqual([]);
  });
});
