import { type ListProperty, serverMessages } from '@prospector/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identifiers, itemLinks, items } from '../../db/schema/index.js';
import { createBatchData } from '../../providers/skiptrace/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { startFakeBatchData, type FakeBatchData } from '../../test/fake-batchdata.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { importCsv } from '../../test/import-csv.js';
import { grantCredits, importProperties, PROPERTY_FIELDS, traceList } from '../../test/skiptrace.js';

let t: TestApp;
let fake: FakeBatchData;
let admin: TestUser;

beforeAll(async () => {
  fake = await startFakeBatchData();
  t = await buildTestApp(
    {},
    { realClock: true, skiptraceProvider: createBatchData({ key: fake.key, baseUrl: fake.url }) },
  );
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});
let n = 0;
beforeEach(async () => {
  admin = await insertTeamAdmin(t, `admin${++n}@routes.test`);
  fake.answers.clear();
  fake.missWhen = () => false;
});

const traceProperty = (user: TestUser, propId: string, type: 'single' | 'multi' = 'single') =>
  t.app.inject({
    method: 'POST',
    url: '/api/properties/skiptrace',
    headers: user.headers,
    payload: { propId, type, permissibleUse: true },
  });

async function firstProperty(listId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lists/byId/${listId}/0`,
    headers: admin.headers,
  });
  return res.json<{ properties: ListProperty[] }>().properties[0]!;
}

describe('POST /api/properties/skiptrace', () => {
  it('finds the owner, charges one hit, and answers the list metrics; the property then has phones', async () => {
    const list = await importProperties(t, admin, 1);
    await grantCredits(t, admin, 1);
    const prop = await firstProperty(list._id);
    expect(prop.phones).toEqual([]);
    const res = await traceProperty(admin, prop._id, 'multi');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.results.hit).toBe(true);
    expect(body.results.owners).toHaveLength(1);
    expect(body.results.owners[0].name).toBe('Owner1 Lee');
    expect(body.results.owners[0].phones.map((p: { lineType: string }) => p.lineType)).toEqual([
      'mobile',
      'landline',
    ]);
    expect(body.listMetrics).toEqual([
      {
        listId: list._id,
        hits: 1,
        landlines: 1,
        dnc: body.results.owners[0].phones[1].dnc ? 1 : 0,
        cost: body.results.cost,
      },
    ]);
    expect(await t.app.services.ledger.balance(admin.teamId)).toBe(10_000 - body.results.cost * 10_000);
    const after = await firstProperty(list._id);
    expect(after.phones).toHaveLength(2);
    expect(after.verifiedOwner).toBe(true);
    // The new owner's first phone found is its primary.
    const ownerPhones = await t.database.db
      .select()
      .from(identifiers)
      .where(eq(identifiers.itemId, body.results.owners[0]._id));
    expect(ownerPhones.filter((p) => p.primary).map((p) => p.value)).toEqual([
      body.results.owners[0].phones[0].value,
    ]);
    // Only properties without phones are traced.
    const again = await traceProperty(admin, prop._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(serverMessages.skiptrace.onlyWithoutPhones);
  });

  it('a property without an owner shows the owner the trace found, and one with an owner keeps it', async () => {
    const rows = ['1 Pine St,Seattle,WA,98101,', '2 Pine St,Seattle,WA,98101,Ada Byron'];
    const list = await importCsv(
      t,
      admin,
      ['Street,City,State,Zip,Owner', ...rows].join('\n') + '\n',
      PROPERTY_FIELDS,
      'Owners',
    );
    await grantCredits(t, admin, 1);
    const page = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/lists/byId/${list._id}/0`, headers: admin.headers })
      ).json<{ properties: ListProperty[] }>().properties;
    const before = await page();
    expect(before.map((p) => p.Owner)).toEqual(['', 'Ada Byron']);
    for (const p of before) expect((await traceProperty(admin, p._id)).statusCode).toBe(200);
    const after = await page();
    expect(after.map((p) => [p.Owner, p.verifiedOwner])).toEqual([
      ['Pat Doe', true],
      ['Ada Byron', true],
    ]);
    // The owner's name finds the property in the list's search, as an imported owner's does.
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/lists/byId/${list._id}/0?search=pat%20doe`,
      headers: admin.headers,
    });
    expect(found.json<{ properties: ListProperty[] }>().properties.map((p) => p.Street1)).toEqual([
      '1 Pine St',
    ]);
  });

  it('a miss charges nothing and gives the hold back', async () => {
    const list = await importProperties(t, admin, 1);
    await grantCredits(t, admin, 1);
    fake.missWhen = () => true;
    const res = await traceProperty(admin, (await firstProperty(list._id))._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual({ hit: false, owners: [], cost: 0 });
    expect(await t.app.services.ledger.balance(admin.teamId)).toBe(10_000);
  });

  it('without credits it is refused and nothing is sent to the provider', async () => {
    const list = await importProperties(t, admin, 1, 'Broke');
    const asked = fake.requests.length;
    const res = await traceProperty(admin, (await firstProperty(list._id))._id);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(serverMessages.billing.insufficientCredits);
    expect(fake.requests.length).toBe(asked);
  });

  it("a member with 'Only assigned' data access traces only the properties assigned to them, and no list", async () => {
    const list = await importProperties(t, admin, 1, 'Assigned');
    await grantCredits(t, admin, 1);
    const prop = await firstProperty(list._id);
    const olly = await insertMember(t, admin.teamId, `olly${n}@routes.test`, {
      dataAccess: 'Only assigned',
      permissions: ['import'],
    });
    const refused = await traceProperty(olly, prop._id);
    expect(refused.statusCode).toBe(404);
    await t.database.db
      .update(items)
      .set({ assignedTo: [olly.userId] })
      .where(eq(items.id, prop._id));
    expect((await traceProperty(olly, prop._id)).statusCode).toBe(200);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/lists/skiptrace',
      headers: olly.headers,
      payload: { listId: list._id, type: 'single', permissibleUse: true },
    });
    expect(run.statusCode).toBe(403);
  });

  it('a trace without the permissible-use confirmation is refused', async () => {
    const list = await importProperties(t, admin, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties/skiptrace',
      headers: admin.headers,
      payload: { propId: (await firstProperty(list._id))._id, type: 'single' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('stacks a known owner: a contact linked under the same name gets the phones, one holding a found phone is linked, none is copied', async () => {
    // Ann Lee is known by e-mail and linked to her property; she has no phone yet.
    const list = await importCsv(
      t,
      admin,
      'Street,City,State,Zip,Owner,First,Last,Email\n1 Elm St,Tacoma,WA,98402,Ann Lee,Ann,Lee,ann@lee.test\n2 Elm St,Tacoma,WA,98402,Bo Chan,,,\n',
      [
        ...PROPERTY_FIELDS,
        { name: 'First', type: 'contact', matchesTo: 'First name' },
        { name: 'Last', type: 'contact', matchesTo: 'Last name' },
        { name: 'Email', type: 'contact', matchesTo: 'Email' },
      ],
      'Elm',
    );
    await grantCredits(t, admin, 1);
    const props = (
      await t.app.inject({ method: 'GET', url: `/api/lists/byId/${list._id}/0`, headers: admin.headers })
    ).json<{ properties: ListProperty[] }>().properties;
    const ann = props.find((p) => p.Owner === 'Ann Lee')!;
    const bo = props.find((p) => p.Owner === 'Bo Chan')!;
    const contactsBefore = await t.database.db
      .select()
      .from(items)
      .where(and(eq(items.teamId, admin.teamId), eq(items.type, 'contact')));

    const res = await traceProperty(admin, ann._id, 'multi');
    expect(res.statusCode, res.body).toBe(200);
    const annContact = contactsBefore.find((c) => c.data['First name'] === 'Ann')!;
    expect(res.json().results.owners[0]._id).toBe(annContact.id);

    // Bo Chan's mobile is already another contact's (a different name): that contact is linked, not copied.
    await fakeAnswerFor('2 Elm St', 'Bo', 'Chan');
    const mobile = fake.answers
      .get('2 Elm St|Tacoma|WA|98402')!
      .persons[0]!.phones.find((p) => p.type === 'Mobile')!;
    const holder = await insertContact(t.database.db, admin.teamId, {
      first: 'Robert',
      last: 'Chan',
      phones: [mobile.number],
    });
    const boRes = await traceProperty(admin, bo._id, 'multi');
    expect(boRes.statusCode, boRes.body).toBe(200);
    expect(boRes.json().results.owners[0]._id).toBe(holder.id);
    const links = await t.database.db
      .select()
      .from(itemLinks)
      .where(and(eq(itemLinks.fromId, bo._id), eq(itemLinks.toId, holder.id)));
    expect(links).toHaveLength(1);
    const contactsAfter = await t.database.db
      .select()
      .from(items)
      .where(and(eq(items.teamId, admin.teamId), eq(items.type, 'contact')));
    expect(contactsAfter.length).toBe(contactsBefore.length + 1); // the holder inserted above, no copy
    const holderPhones = await t.database.db
      .select()
      .from(identifiers)
      .where(eq(identifiers.itemId, holder.id));
    expect(
      holderPhones
        .filter((p) => !p.isEmail)
        .map((p) => p.value)
        .sort(),
    ).toEqual(
      fake.answers
        .get('2 Elm St|Tacoma|WA|98402')!
        .persons[0]!.phones.map((p) => p.number)
        .sort(),
    );
    // The phones stacked onto a known contact leave its primary as it was.
    expect(holderPhones.filter((p) => p.primary).map((p) => p.value)).toEqual([mobile.number]);
  });

  it('the landline export lists the phones the provider said are landlines', async () => {
    const list = await importProperties(t, admin, 3, 'Landlines');
    await grantCredits(t, admin, 1);
    await traceList(t, admin, list._id, 'multi');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/items/exportLandline',
      headers: admin.headers,
      payload: { listId: list._id, skip: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const landlines = [...fake.answers.values()].flatMap((a) =>
      a.persons.flatMap((p) =>
        p.phones.filter((ph) => ph.type === 'Land Line' && !ph.dnc).map((ph) => ph.number),
      ),
    );
    const mobiles = [...fake.answers.values()].flatMap((a) =>
      a.persons.flatMap((p) => p.phones.filter((ph) => ph.type === 'Mobile').map((ph) => ph.number)),
    );
    for (const l of landlines) expect(res.json().csv).toContain(l);
    for (const m of mobiles) expect(res.json().csv).not.toContain(m);
    expect(res.json().rows).toBe(landlines.length);
  });
});

/** Makes the fake decide its answer for an address before the trace (so a test can plant a holder of its phone). */
async function fakeAnswerFor(street: string, first: string, last: string) {
  const bd = createBatchData({ key: fake.key, baseUrl: fake.url });
  await bd.trace([
    { id: 'warm', street, city: 'Tacoma', state: 'WA', zip: '98402', owner: `${first} ${last}` },
  ]);
}
