import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  devices,
  identifiers,
  items,
  messages,
  notifications,
  replyLabels,
  statuses,
  tasks,
} from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';

let t: TestApp;
let admin: TestUser;
let other: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'admin@acme.test');
  other = await insertTeamAdmin(t, 'admin@other.test');
});
afterEach(async () => {
  await t.close();
});

// Replies the model reads (no rule knows them), confident enough to act on.
const WRONG_NUMBER_BY_MODEL = 'Never heard of a Maxine, this is my personal cell';
const NOT_INTERESTED_BY_MODEL = 'Nah not looking to sell, thanks';

let sent = 0;
/** A text arriving through one of the team's devices, as the gateway files it (follow-ups included). */
async function reply(user: TestUser, from: string, body: string) {
  const deviceValue = user === admin ? '+19165550100' : '+19165550101';
  let [device] = await t.database.db.select().from(devices).where(eq(devices.teamId, user.teamId));
  if (!device) {
    await t.app.inject({
      method: 'POST',
      url: '/api/services/addNumber',
      headers: user.headers,
      payload: { phoneType: 'Android', value: deviceValue },
    });
    [device] = await t.database.db.select().from(devices).where(eq(devices.teamId, user.teamId));
  }
  t.clock.advance(1000);
  await t.app.services.sms.applyInbound(device!, [
    { id: `in-${++sent}`, from, body, at: t.clock.now().toISOString() },
  ]);
}

const labels = async (user: TestUser, itemId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/replies/labels?itemId=${itemId}`,
    headers: user.headers,
  });
  return { status: res.statusCode, body: res.json() };
};
const correct = (user: TestUser, messageId: string, label: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/replies/label',
    headers: user.headers,
    payload: { messageId, label },
  });

describe('reply labels on the inbound path', () => {
  it('labels each received text, the opt-out rule first, and marks an unsure one "needs a look"', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    await reply(admin, '+19164567890', 'How much would you pay for it?');
    await reply(admin, '+19164567890', 'Call me tomorrow at 10');
    await reply(admin, '+19164567890', 'STOP');
    await reply(admin, '+19164567890', 'zxqv');
    const { status, body } = await labels(admin, ann.id);
    expect(status).toBe(200);
    expect(
      body.labels.map((l: { label: string; source: string; needsLook: boolean }) => [
        l.label,
        l.source,
        l.needsLook,
      ]),
    ).toEqual([
      ['interested', 'model', false],
      ['callback', 'model', false],
      ['opt_out', 'rule', false],
      ['other', 'model', true],
    ]);
  });

  it('counts records by the label of their latest reply, with those needing a look', async () => {
    await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    await insertContact(t.database.db, admin.teamId, { first: 'Bob', phones: ['916-456-7891'] });
    await reply(admin, '+19164567890', 'Who is this?');
    await reply(admin, '+19164567890', 'Wrong number');
    await reply(admin, '+19164567891', 'zxqv');
    const res = await t.app.inject({ method: 'GET', url: '/api/replies/counts', headers: admin.headers });
    expect(res.json()).toMatchObject({ counts: { wrong_number: 1, other: 1, question: 0 }, needsLook: 1 });
  });
});

describe('the board temperature', () => {
  it("reads each record's latest labelled reply, and leaves out records the caller may not open", async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    const bob = await insertContact(t.database.db, admin.teamId, { first: 'Bob', phones: ['916-456-7891'] });
    const cy = await insertContact(t.database.db, admin.teamId, { first: 'Cy', phones: ['916-456-7892'] });
    await reply(admin, '+19164567890', 'Who is this?');
    await reply(admin, '+19164567890', 'How much would you pay?');
    await reply(admin, '+19164567891', 'STOP');
    const ask = (user: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: '/api/replies/temperatures',
        headers: user.headers,
        payload: { itemIds: [ann.id, bob.id, cy.id] },
      });
    expect((await ask(admin)).json()).toEqual({ temperatures: { [ann.id]: 'hot', [bob.id]: 'dead' } });
    const member = await insertMember(t, admin.teamId, 'member@acme.test');
    expect((await ask(member)).json()).toEqual({ temperatures: {} });
    expect((await ask(other)).json()).toEqual({ temperatures: {} });
  });
});

describe('the Messenger by label', () => {
  it('lists the records whose latest labelled reply has the label', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    const bob = await insertContact(t.database.db, admin.teamId, { first: 'Bob', phones: ['916-456-7891'] });
    await reply(admin, '+19164567890', 'Who is this?');
    await reply(admin, '+19164567890', 'How much would you pay?');
    await reply(admin, '+19164567891', 'zxqv');
    const ids = async (replyLabel?: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/items/get',
          headers: admin.headers,
          payload: { inboxType: 'all', ...(replyLabel ? { replyLabel } : {}) },
        })
      )
        .json()
        .items.map((i: { _id: string }) => i._id);
    expect(await ids('interested')).toEqual([ann.id]);
    expect(await ids('question')).toEqual([]);
    expect((await ids()).sort()).toEqual([ann.id, bob.id].sort());
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/items/get',
      headers: admin.headers,
      payload: { replyLabel: 'hot' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the Needs a look tab', () => {
  const tab = async (user: TestUser, body: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/items/get',
      headers: user.headers,
      payload: { inboxType: 'needs_look', ...body },
    });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    return {
      ids: json.items.map((i: { _id: string }) => i._id).sort(),
      count: json.needsLook,
      labels: json.items.map((i: { replyLabel: unknown }) => i.replyLabel),
    };
  };

  it('lists and counts the records whose latest reply the model was unsure of, until a member corrects or confirms it', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    const bob = await insertContact(t.database.db, admin.teamId, { first: 'Bob', phones: ['916-456-7891'] });
    const cy = await insertContact(t.database.db, admin.teamId, { first: 'Cy', phones: ['916-456-7892'] });
    const dee = await insertContact(t.database.db, admin.teamId, { first: 'Dee', phones: ['916-456-7893'] });
    await reply(admin, '+19164567890', 'zxqv');
    await reply(admin, '+19164567891', 'qwfp');
    await reply(admin, '+19164567892', 'How much would you pay for it?');
    // An unsure reply followed by a sure one: the record's latest reply no longer needs a look.
    await reply(admin, '+19164567893', 'zxqv');
    await reply(admin, '+19164567893', 'Who is this?');

    const first = await tab(admin);
    expect(first.ids).toEqual([ann.id, bob.id].sort());
    expect(first.count).toBe(2);
    expect(first.labels).toContainEqual(
      expect.objectContaining({ label: 'other', needsLook: true, source: 'model' }),
    );
    // Every tab's rows carry the latest label, and every answer the tab's count.
    const all = (
      await t.app.inject({
        method: 'POST',
        url: '/api/items/get',
        headers: admin.headers,
        payload: { inboxType: 'all' },
      })
    ).json();
    expect(all.needsLook).toBe(2);
    const byId = Object.fromEntries(
      all.items.map((i: { _id: string; replyLabel: unknown }) => [i._id, i.replyLabel]),
    );
    expect(byId[cy.id]).toMatchObject({ label: 'interested', needsLook: false });
    expect(byId[dee.id]).toMatchObject({ label: 'question', needsLook: false });

    // Corrected to another label, or confirmed as it was: the record leaves the tab.
    const annLabel = (await labels(admin, ann.id)).body.labels[0];
    expect((await correct(admin, annLabel.messageId, 'not_interested')).statusCode).toBe(200);
    const bobLabel = (await labels(admin, bob.id)).body.labels[0];
    expect((await correct(admin, bobLabel.messageId, bobLabel.label)).statusCode).toBe(200);
    expect(await tab(admin)).toEqual({ ids: [], count: 0, labels: [] });
  });

  it("shows an 'Only assigned' member only their own records, counted alike, and another team nothing", async () => {
    const member = await insertMember(t, admin.teamId, 'member@acme.test', { permissions: ['messenger'] });
    const ann = await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      phones: ['916-456-7890'],
      assignedTo: [member.userId],
    });
    const bob = await insertContact(t.database.db, admin.teamId, { first: 'Bob', phones: ['916-456-7891'] });
    // The member's too, but sure: not on the tab.
    await insertContact(t.database.db, admin.teamId, {
      first: 'Cy',
      phones: ['916-456-7892'],
      assignedTo: [member.userId],
    });
    await reply(admin, '+19164567890', 'zxqv');
    await reply(admin, '+19164567891', 'qwfp');
    await reply(admin, '+19164567892', 'How much would you pay for it?');

    expect(await tab(admin)).toMatchObject({ ids: [ann.id, bob.id].sort(), count: 2 });
    expect(await tab(member)).toMatchObject({ ids: [ann.id], count: 1 });
    // 'Only mine' narrows an admin's tab and count the same way.
    expect(await tab(admin, { onlyMine: true })).toMatchObject({ ids: [], count: 0 });
    expect(await tab(other)).toMatchObject({ ids: [], count: 0 });
    // Narrowed by a label too, and paged like the other tabs.
    expect((await tab(admin, { replyLabel: 'question' })).ids).toEqual([]);
    expect((await tab(admin, { skip: 1 })).ids).toHaveLength(1);
  });
});

describe('a correction', () => {
  const said = 'I handle the house for my grandma, she is in a home now';
  const similar = 'I handle the house for my grandpa, he is in a home';

  it("changes the next similar reply's label for the team that made it, and for no other team", async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    const bob = await insertContact(t.database.db, admin.teamId, { first: 'Bob', phones: ['916-456-7891'] });
    const cy = await insertContact(t.database.db, other.teamId, { first: 'Cy', phones: ['916-456-7892'] });
    await reply(admin, '+19164567890', said);
    const [first] = (await labels(admin, ann.id)).body.labels;
    expect(first.label).not.toBe('interested');

    const res = await correct(admin, first.messageId, 'interested');
    expect(res.statusCode).toBe(200);
    expect(res.json().label).toMatchObject({
      label: 'interested',
      source: 'member',
      confidence: 1,
      needsLook: false,
    });

    await reply(admin, '+19164567891', similar);
    expect((await labels(admin, bob.id)).body.labels[0]).toMatchObject({
      label: 'interested',
      source: 'model',
    });
    await reply(other, '+19164567892', similar);
    expect((await labels(other, cy.id)).body.labels[0].label).toBe(first.label);
  });

  it('is refused, changing nothing, for an unknown label, another team, or a record not assigned to the member', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    await reply(admin, '+19164567890', 'Who is this?');
    const [label] = (await labels(admin, ann.id)).body.labels;
    const member = await insertMember(t, admin.teamId, 'member@acme.test');

    expect((await correct(admin, label.messageId, 'hot')).statusCode).toBe(400);
    const foreign = await correct(other, label.messageId, 'interested');
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'This text has no label to change.']);
    expect((await correct(member, label.messageId, 'interested')).statusCode).toBe(403);
    expect((await labels(member, ann.id)).status).toBe(403);
    expect((await labels(other, ann.id)).status).toBe(404);

    const [row] = await t.database.db
      .select()
      .from(replyLabels)
      .where(eq(replyLabels.messageId, label.messageId));
    expect(row).toMatchObject({ label: 'question', source: 'model', correctedAt: null });
  });
});

describe("the team model's accuracy on its corrections", () => {
  it('is shown to admins: the newest corrections, classified by a model that learned only the older ones', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    const texts = [
      'My uncle deals with the property, talk to him',
      'my aunt deals with that property, ask her',
      'My cousin deals with the property now',
      'my uncle deals with all that',
      'My stepdad deals with the property',
      'The property? my uncle deals with it',
      'my grandpa deals with the property, not me',
      'My aunt deals with the property, call her',
      'my uncle Ray deals with the property',
      'my cousin Tina deals with the property',
    ];
    for (const text of texts) await reply(admin, '+19164567890', text);
    for (const l of (await labels(admin, ann.id)).body.labels)
      await correct(admin, l.messageId, 'interested');

    const member = await insertMember(t, admin.teamId, 'member@acme.test', { dataAccess: 'All data' });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/replies/accuracy',
      headers: member.headers,
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/replies/accuracy', headers: admin.headers });
    const accuracy = res.json();
    // The newest two, classified after learning the eight before them; the base model never learned any.
    expect(accuracy).toEqual({ corrections: 10, measuredOn: 2, teamModel: 1, baseModel: 0 });
  });
});

describe('automatic actions per label', () => {
  const threadOf = (itemId: string) =>
    t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.itemId, itemId), eq(messages.system, true)))
      .orderBy(asc(messages.createdAt));
  const tasksOf = (itemId: string) => t.database.db.select().from(tasks).where(eq(tasks.itemId, itemId));
  const statusOf = async (itemId: string) => {
    const [row] = await t.database.db
      .select({ text: statuses.text })
      .from(items)
      .leftJoin(statuses, eq(statuses.id, items.statusId))
      .where(eq(items.id, itemId));
    return row?.text ?? null;
  };
  const undo = (user: TestUser, messageId: string) =>
    t.app.inject({ method: 'POST', url: '/api/replies/undo', headers: user.headers, payload: { messageId } });
  const addStatus = (text: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/settings/addStatus',
      headers: admin.headers,
      payload: { text },
    });

  it('moves an interested reply to Hot and notifies the assignees, says so in the thread, and Undo puts it back', async () => {
    await addStatus('Hot');
    const member = await insertMember(t, admin.teamId, 'member@acme.test');
    const ann = await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      phones: ['916-456-7890'],
      status: 'Not contacted',
      assignedTo: [member.userId],
    });
    await reply(admin, '+19164567890', 'How much would you pay for it?');
    const [label] = (await labels(admin, ann.id)).body.labels;
    expect(label).toMatchObject({ label: 'interested', action: { undone: false } });
    expect(await statusOf(ann.id)).toBe('Hot');
    const [system] = await threadOf(ann.id);
    expect(system!.body).toBe('Read as Interested: status set to Hot; 1 assigned member notified.');
    expect(label.action.systemMessageId).toBe(system!.id);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.userId));
    expect(notes.map((n) => [n.body, n.targetId]).sort()).toEqual([
      ['+19164567890 is interested', ann.id],
      ['New text from (916) 456-7890', ann.id],
    ]);

    const res = await undo(admin, label.messageId);
    expect(res.statusCode).toBe(200);
    expect(res.json().label.action).toEqual({ systemMessageId: system!.id, undone: true });
    expect(await statusOf(ann.id)).toBe('Not contacted');
    expect((await threadOf(ann.id)).map((m) => m.body)).toEqual([
      system!.body,
      'Ada Admin undid the automatic actions of this reply.',
    ]);
    const again = await undo(admin, label.messageId);
    expect([again.statusCode, again.json().message]).toEqual([409, 'These actions were already undone.']);
  });

  it("gives a call-back a task due at the time it names, in the contact's time zone; Undo removes it", async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    // The test clock stands at Monday 5 January 2026, 7:00 in Sacramento.
    await reply(admin, '+19164567890', 'Call me tomorrow at 10');
    const [task] = await tasksOf(ann.id);
    expect(task).toMatchObject({ text: 'Call back', completed: false });
    expect(task!.due!.toISOString()).toBe('2026-01-06T18:00:00.000Z');
    expect((await threadOf(ann.id))[0]!.body).toBe(
      'Read as Call back: task "Call back" due Tue, Jan 6, 10:00 AM PST, the time the reply named.',
    );
    const [label] = (await labels(admin, ann.id)).body.labels;
    expect((await undo(admin, label.messageId)).statusCode).toBe(200);
    expect(await tasksOf(ann.id)).toEqual([]);
  });

  it('marks the number Wrong # when the model reads a wrong number the rule does not know; Undo puts the number back', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    const number = async () => {
      const [row] = await t.database.db
        .select({ status: identifiers.status, primary: identifiers.primary })
        .from(identifiers)
        .where(eq(identifiers.itemId, ann.id));
      return row;
    };
    expect(await number()).toEqual({ status: '', primary: true });
    await reply(admin, '+19164567890', WRONG_NUMBER_BY_MODEL);
    const [label] = (await labels(admin, ann.id)).body.labels;
    expect(label).toMatchObject({ label: 'wrong_number', source: 'model', needsLook: false });
    expect(await number()).toEqual({ status: 'Wrong #', primary: false });
    const [system] = await threadOf(ann.id);
    expect(system!.body).toBe('Read as Wrong number: +19164567890 marked Wrong #.');
    expect(label.action).toEqual({ systemMessageId: system!.id, undone: false });

    expect((await undo(admin, label.messageId)).statusCode).toBe(200);
    expect(await number()).toEqual({ status: '', primary: true });
  });

  it('moves a not-interested reply to the chosen status and closes its follow-ups', async () => {
    await addStatus('Dead');
    const ann = await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      phones: ['916-456-7890'],
      status: 'Not contacted',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/tasks/add',
      headers: admin.headers,
      payload: { dataId: ann.id, dataType: 'contact', task: { text: 'Text again Friday' } },
    });
    await reply(admin, '+19164567890', NOT_INTERESTED_BY_MODEL);
    const [label] = (await labels(admin, ann.id)).body.labels;
    expect(label).toMatchObject({ label: 'not_interested', source: 'model', needsLook: false });
    expect(await statusOf(ann.id)).toBe('Dead');
    expect((await tasksOf(ann.id)).map((x) => x.completed)).toEqual([true]);
  });

  it('gives a "later" reply that names no date a follow-up in 3 months', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    await reply(admin, '+19164567890', 'Not right now, maybe later this year. Ask me again in a few months');
    const [label] = (await labels(admin, ann.id)).body.labels;
    expect(label.label).toBe('later');
    const [task] = await tasksOf(ann.id);
    expect(task).toMatchObject({ text: 'Follow up' });
    expect(task!.due!.toISOString().slice(0, 10)).toBe('2026-04-05');
  });

  it('gives a "later" reply that names a month a follow-up then, read in the contact\'s time zone', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    await reply(admin, '+19164567890', 'Text me back in March');
    const [label] = (await labels(admin, ann.id)).body.labels;
    expect(label).toMatchObject({ label: 'later', source: 'model', needsLook: false });
    const [task] = await tasksOf(ann.id);
    expect(task).toMatchObject({ text: 'Follow up' });
    // 1 March, noon in Sacramento (chrono's hour for a day named without one).
    expect(task!.due!.toISOString()).toBe('2026-03-01T20:00:00.000Z');
  });

  it('moves a not-owner reply to the chosen status and closes its follow-ups; Undo reopens them', async () => {
    await addStatus('Dead');
    const ann = await insertContact(t.database.db, admin.teamId, {
      first: 'Ann',
      phones: ['916-456-7890'],
      status: 'Not contacted',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/tasks/add',
      headers: admin.headers,
      payload: { dataId: ann.id, dataType: 'contact', task: { text: 'Text again Friday' } },
    });
    await reply(admin, '+19164567890', 'I sold that house 3 years ago');
    const [label] = (await labels(admin, ann.id)).body.labels;
    expect(label.label).toBe('not_owner');
    expect(await statusOf(ann.id)).toBe('Dead');
    expect((await tasksOf(ann.id)).map((x) => x.completed)).toEqual([true]);
    expect((await threadOf(ann.id))[0]!.body).toBe(
      'Read as Not owner: status set to Dead; no more follow-ups (1 open task closed).',
    );
    await undo(admin, label.messageId);
    expect(await statusOf(ann.id)).toBe('Not contacted');
    expect((await tasksOf(ann.id)).map((x) => x.completed)).toEqual([false]);
  });

  it('does nothing automatic for a reply that needs a look, or a label whose action the team turned off', async () => {
    const ann = await insertContact(t.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7890'] });
    await reply(admin, '+19164567890', 'zxqv');
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/replies/actions', headers: admin.headers })
    ).json().settings;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/replies/actions',
      headers: admin.headers,
      payload: { ...settings, callback: { on: false } },
    });
    expect(saved.json().settings.callback).toEqual({ on: false });
    await reply(admin, '+19164567890', 'Call me tomorrow at 10');
    expect((await labels(admin, ann.id)).body.labels.map((l: { action: unknown }) => l.action)).toEqual([
      null,
      null,
    ]);
    expect(await threadOf(ann.id)).toEqual([]);
    expect(await tasksOf(ann.id)).toEqual([]);
    const [first] = (await labels(admin, ann.id)).body.labels;
    expect((await undo(admin, first.messageId)).statusCode).toBe(404);
  });

  it('lets only an admin change the actions, and only to one of the team’s statuses', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/replies/actions', headers: admin.headers });
    const settings = get.json().settings;
    expect(settings.later).toEqual({ on: true, months: 3 });
    const member = await insertMember(t, admin.teamId, 'member@acme.test');
    const put = (user: TestUser, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/replies/actions', headers: user.headers, payload });
    expect((await put(member, settings)).statusCode).toBe(403);
    const otherTeamStatus = (
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings/addStatus',
        headers: other.headers,
        payload: { text: 'Hot' },
      })
    ).json()._id;
    const foreign = await put(admin, {
      ...settings,
      interested: { on: true, statusId: otherTeamStatus, notify: true },
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, "Pick one of the team's statuses."]);
  });
});
