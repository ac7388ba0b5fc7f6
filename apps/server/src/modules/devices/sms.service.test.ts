import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devices, notifications, teams } from '../../db/schema/index.js';
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

async function addDevice(value: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services/addNumber',
    headers: admin.headers,
    payload: { phoneType: 'Android', value },
  });
  const id = res.json().device._id as string;
  await t.database.db
    .update(devices)
    .set({ connected: true, pingedAt: t.clock.now() })
    .where(eq(devices.id, id));
  return (await t.database.db.select().from(devices).where(eq(devices.id, id)))[0]!;
}
const text = (from: string, id: string) => ({ id, from, body: 'Hello?', at: t.clock.now().toISOString() });
const row = async (id: string) => (await t.database.db.select().from(devices).where(eq(devices.id, id)))[0]!;

describe('daily counters', () => {
  it("start over at midnight in the team's time zone", async () => {
    await t.database.db
      .update(teams)
      .set({ timezone: 'America/Los_Angeles' })
      .where(eq(teams.id, admin.teamId));
    const device = await addDevice('+19165550100');
    t.clock.set(new Date('2026-11-21T07:00:00Z')); // 23:00 in Los Angeles
    await t.app.services.sms.applyInbound(device, [text('+19164567890', 'a'), text('+19164567891', 'b')]);
    expect((await row(device.id)).receivedToday).toBe(2);
    t.clock.set(new Date('2026-11-21T08:30:00Z')); // 00:30 the next day there
    await t.app.services.sms.applyInbound(device, [text('+19164567890', 'c')]);
    expect(await row(device.id)).toMatchObject({ receivedToday: 1, sentToday: 0, counterDay: '2026-11-21' });
  });
});

describe('replies', () => {
  it('notify the members the record is assigned to', async () => {
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    await insertContact(t.database.db, admin.teamId, {
      phones: ['916-456-7890'],
      assignedTo: [member.userId],
    });
    const device = await addDevice('+19165550100');
    await t.app.services.sms.applyInbound(device, [text('+19164567890', 'a')]);
    const got = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.userId));
    expect(got).toMatchObject([{ body: 'New text from (916) 456-7890', body2: 'Hello?' }]);
  });
});

describe('the sending device', () => {
  it('stays the one a contact first talked to, even when another is less busy; else the least busy', async () => {
    const a = await addDevice('+19165550100');
    await addDevice('+19165550101');
    const ann = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7890'] });
    const bob = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7891'] });
    await t.app.services.sms.applyInbound(a, [text('+19164567890', 'a')]); // Ann wrote to A
    await t.database.db.update(devices).set({ sentToday: 50 }).where(eq(devices.id, a.id)); // A is busy today
    const send = async (itemId: string, to: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/messages/sendSms',
          headers: admin.headers,
          payload: { body: 'Hi', dataId: itemId, to },
        })
      ).json().message.sentFrom;
    expect(await send(ann.id, '+19164567890')).toBe('+19165550100');
    expect(await send(bob.id, '+19164567891')).toBe('+19165550101');
    await t.database.db.update(devices).set({ connected: false }).where(eq(devices.id, a.id));
    expect(await send(ann.id, '+19164567890')).toBe('+19165550101'); // A is gone: B takes over
  });
});
