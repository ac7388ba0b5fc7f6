import type { ListProperty } from '@prospector/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index.js';
import { createBatchData } from '../../providers/skiptrace/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { startFakeBatchData, type FakeAnswer, type FakeBatchData } from '../../test/fake-batchdata.js';
import { insertContact, type TestUser } from '../../test/factories.js';
import { grantCredits, importProperties, traceList } from '../../test/skiptrace.js';
import { startCatchHook, subscribedTeam } from './contact-created.test-support.js';
import { listen } from './public-api.test-support.js';

let t: TestApp;
let base: string;
let fake: FakeBatchData;
let hook: Awaited<ReturnType<typeof startCatchHook>>;

/** A list of `n` properties (skiptrace.test-support.ts) and a dollar of credits to trace them with. */
async function tracedList(admin: TestUser, n: number, name: string) {
  const list = await importProperties(t, admin, n, name);
  await grantCredits(t, admin, 1);
  return list;
}

beforeAll(async () => {
  fake = await startFakeBatchData();
  t = await buildTestApp(
    { HOOKS_ALLOW_PRIVATE: true },
    { realClock: true, skiptraceProvider: createBatchData({ key: fake.key, baseUrl: fake.url }) },
  );
  base = await listen(t);
  hook = await startCatchHook();
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
  await hook.close();
});

/** The fake's answer for '<i> Pike St': one owner with a mobile phone and an e-mail. */
function plantOwner(i: number, first: string, last: string, phone: string) {
  const answer: FakeAnswer = {
    matched: true,
    persons: [
      {
        name: { first, last, full: `${first} ${last}` },
        phones: [{ number: phone, type: 'Mobile', dnc: false, tcpa: false, rank: 1 }],
        emails: [{ email: `${first.toLowerCase()}@owners.test`, rank: 1 }],
      },
    ],
  };
  fake.answers.set(`${i} Pike St|Seattle|WA|98101`, answer);
}

async function properties(admin: TestUser, listId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lists/byId/${listId}/0`,
    headers: admin.headers,
  });
  return res.json<{ properties: ListProperty[] }>().properties;
}

describe('contact.created reaches a subscription for the owners a skip trace makes', () => {
  it('a list-wide trace announces each new owner with source skiptrace and the list; an owner the team had is not', async () => {
    const { admin, received } = await subscribedTeam(t, base, hook, 'trace.test');
    await insertContact(t.database.db, admin.teamId, { first: 'Known', phones: ['+12065550102'] });
    const list = await tracedList(admin, 2, 'Traced');
    plantOwner(1, 'Rosa', 'Delgado', '+12065550101');
    plantOwner(2, 'Kim', 'Nguyen', '+12065550102');
    await traceList(t, admin, list._id);
    const contacts = await t.database.db
      .select()
      .from(items)
      .where(and(eq(items.teamId, admin.teamId), eq(items.type, 'contact')));
    const rosa = contacts.find((c) => c.data['First name'] === 'Rosa')!;
    // Kim's phone was Known's: Known got the link, no contact was made for Kim.
    expect(contacts.map((c) => c.data['First name']).sort()).toEqual(['Known', 'Rosa']);
    const got = await received();
    expect(got).toEqual([
      {
        type: 'contact.created',
        timestamp: expect.any(String),
        data: {
          contactId: rosa.id,
          firstName: 'Rosa',
          lastName: 'Delgado',
          phones: ['+12065550101'],
          emails: ['rosa@owners.test'],
          source: 'skiptrace',
          listId: list._id,
          createdAt: expect.any(String),
        },
      },
    ]);
  });

  it('one property traced from its page announces its new owner with source skiptrace and no list', async () => {
    const { admin, received } = await subscribedTeam(t, base, hook, 'trace.test');
    const list = await tracedList(admin, 3, 'One by one');
    plantOwner(3, 'Ola', 'Berg', '+12065550103');
    const prop = (await properties(admin, list._id)).find((p) => p.Owner === 'Owner3 Lee')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties/skiptrace',
      headers: admin.headers,
      payload: { propId: prop._id, type: 'single', permissibleUse: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const owner = res.json<{ results: { owners: { _id: string }[] } }>().results.owners[0]!;
    expect((await received()).map((e) => e.data)).toEqual([
      expect.objectContaining({
        contactId: owner._id,
        firstName: 'Ola',
        phones: ['+12065550103'],
        source: 'skiptrace',
        listId: null,
      }),
    ]);
  });
});
