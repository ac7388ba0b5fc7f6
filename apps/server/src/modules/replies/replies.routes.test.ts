import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devices, replyLabels } from '../../db/schema/index.js';
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
  it('lists the records whose latest labelled reply has the label, or needs a look', async () => {
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
    expect(await ids('needs_look')).toEqual([bob.id]);
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
