import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  insertContact,
  insertMember,
  insertTeamAdmin,
  insertTask,
  type TestUser,
} from '../../test/factories.js';
import { tasks } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';

/**
 * ADR 031: a notification names a record (its id) and what was said or assigned on it, so it goes only
 * to members who may open that record. An 'Only assigned' member mentioned on, or given a task of, a
 * record that is not theirs hears nothing; a member who reads every record does (positive control).
 */
let t: TestApp;
let admin: TestUser;
let restricted: TestUser;
let reader: TestUser;
let recordId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'mention-owner@acme.test');
  restricted = await insertMember(t, admin.teamId, 'ona@acme.test');
  reader = await insertMember(t, admin.teamId, 'ali@acme.test', { dataAccess: 'All data' });
  recordId = (await insertContact(t.database.db, admin.teamId, { phones: ['916-456-7821'] })).id;
});
afterAll(async () => {
  await t.close();
});

const notificationsOf = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res;
};

describe('notifications about a record', () => {
  it('a mention reaches no member who cannot open the record: not its comment, not its id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/add',
      headers: admin.headers,
      payload: {
        body: 'Seller will take 310k, keep it quiet',
        dataId: recordId,
        dataType: 'contact',
        mentions: [restricted.userId, reader.userId],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const theirs = await notificationsOf(restricted);
    expect(theirs.body).not.toContain(recordId);
    expect(theirs.body).not.toContain('310k');
    expect(theirs.json().notifications).toEqual([]);
    const readers = await notificationsOf(reader);
    expect(readers.body).toContain(recordId);
  });

  it("a task on the record assigned to a member who cannot open it does not tell them the task's text", async () => {
    await insertTask(t.database.db, admin.teamId, recordId, 'Call the seller about the lien', null);
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.itemId, recordId));
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/services/assign',
      headers: admin.headers,
      payload: { assignedId: restricted.userId, dataId: task!.id, dataType: 'task' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const theirs = await notificationsOf(restricted);
    expect(theirs.body).not.toContain('lien');
    expect(theirs.body).not.toContain(recordId);
  });
});
