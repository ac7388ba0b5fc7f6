import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertTeamAdmin, type TestUser } from '../../test/factories.js';

/*
 * Behind the balancer a team's members and its phones reach different processes: a correction made
 * through one process must reach the team's model in the others, without a restart (issue 31 item 3).
 * Two apps on one database and the machine's Redis stand in for two processes (ADR 029).
 */

let a: TestApp;
let b: TestApp;
let admin: TestUser;
let other: TestUser;

beforeAll(async () => {
  const config = { REDIS_URL: 'redis://127.0.0.1:6379' };
  a = await buildTestApp(config);
  b = await buildTestApp(config, { database: a.database });
  admin = await insertTeamAdmin(a, 'admin@peers-replies.test');
  other = await insertTeamAdmin(a, 'admin@peers-other.test');
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

let sent = 0;
/** A text arriving through the team's phone, filed by process `t` (its follow-ups, the label, included). */
async function reply(t: TestApp, user: TestUser, from: string, body: string) {
  let [device] = await t.database.db.select().from(devices).where(eq(devices.teamId, user.teamId));
  if (!device) {
    await t.app.inject({
      method: 'POST',
      url: '/api/services/addNumber',
      headers: user.headers,
      payload: { phoneType: 'Android', value: user === admin ? '+19165550140' : '+19165550141' },
    });
    [device] = await t.database.db.select().from(devices).where(eq(devices.teamId, user.teamId));
  }
  a.clock.advance(1000);
  b.clock.set(a.clock.now());
  await t.app.services.sms.applyInbound(device!, [
    { id: `peer-in-${++sent}`, from, body, at: a.clock.now().toISOString() },
  ]);
}

const labelsOf = async (t: TestApp, user: TestUser, itemId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/replies/labels?itemId=${itemId}`, headers: user.headers })
  ).json().labels as { messageId: string; label: string; source: string }[];

async function until(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a correction made through one process', () => {
  it("reaches the team's model in the other processes, and no other team's", async () => {
    const said = 'I handle the house for my grandma, she is in a home now';
    const similar = 'I handle the house for my grandpa, he is in a home';
    const ann = await insertContact(a.database.db, admin.teamId, { first: 'Ann', phones: ['916-456-7810'] });
    const bob = await insertContact(a.database.db, admin.teamId, { first: 'Bob', phones: ['916-456-7811'] });
    const cy = await insertContact(a.database.db, admin.teamId, { first: 'Cy', phones: ['916-456-7812'] });
    const dee = await insertContact(a.database.db, other.teamId, { first: 'Dee', phones: ['916-456-7813'] });

    // Process B files the team's first reply, so it holds the team's model from before the correction.
    await reply(b, admin, '+19164567810', said);
    const [first] = await labelsOf(b, admin, ann.id);
    expect(first!.label).not.toBe('interested');
    await reply(b, other, '+19164567813', similar);
    const theirs = (await labelsOf(b, other, dee.id))[0]!.label;

    // A member corrects it through process A.
    const corrected = await a.app.inject({
      method: 'PATCH',
      url: '/api/replies/label',
      headers: admin.headers,
      payload: { messageId: first!.messageId, label: 'interested' },
    });
    expect(corrected.statusCode).toBe(200);

    // The next similar reply, filed by process B, takes the corrected label once B has heard of it.
    await until(async () => {
      await reply(b, admin, '+19164567811', similar);
      const labels = await labelsOf(b, admin, bob.id);
      return labels.at(-1)?.label === 'interested';
    }, "process B's model to learn the correction");
    expect((await labelsOf(b, admin, bob.id)).at(-1)).toMatchObject({ label: 'interested', source: 'model' });

    // The same words, in B, take the member's label at once; another team's model is untouched.
    await reply(b, admin, '+19164567812', said);
    expect((await labelsOf(b, admin, cy.id))[0]!.label).toBe('interested');
    await reply(b, other, '+19164567813', similar);
    expect((await labelsOf(b, other, dee.id)).at(-1)!.label).toBe(theirs);
  });
});
