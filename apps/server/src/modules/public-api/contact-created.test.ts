import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertConnectedDevice, insertContact } from '../../test/factories.js';
import { startCatchHook, subscribedTeam as subscribe } from './contact-created.test-support.js';
import { callApi, callApiForm, listen } from './public-api.test-support.js';

let t: TestApp;
let base: string;
let hook: Awaited<ReturnType<typeof startCatchHook>>;

beforeAll(async () => {
  t = await buildTestApp({ HOOKS_ALLOW_PRIVATE: true });
  base = await listen(t);
  hook = await startCatchHook();
});
afterAll(async () => {
  await t.close();
  await hook.close();
});

const subscribedTeam = () => subscribe(t, base, hook);

async function newList(key: string) {
  const list = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'Zapier leads' });
  return list.body['id'] as string;
}

describe('contact.created reaches a subscription, signed, for every way a contact is made', () => {
  it('through the API: a new contact is announced with source api; one stacked onto a known phone is not', async () => {
    const { admin, key, received } = await subscribedTeam();
    await insertContact(t.database.db, admin.teamId, { first: 'Known', phones: ['+19164321000'] });
    const listId = await newList(key);
    const made = await callApi(base, key, 'POST', '/api/v1/contacts', {
      listId,
      firstName: 'Dana',
      lastName: 'Whitfield',
      phones: ['(916) 432-7788'],
    });
    expect(made.status).toBe(200);
    const stacked = await callApi(base, key, 'POST', '/api/v1/contacts', {
      listId,
      firstName: 'Again',
      phones: ['+19164321000'],
    });
    expect(stacked.body['created']).toBe(false);
    const got = await received();
    expect(got).toEqual([
      {
        type: 'contact.created',
        timestamp: expect.any(String),
        data: {
          contactId: (made.body['contact'] as { id: string }).id,
          firstName: 'Dana',
          lastName: 'Whitfield',
          phones: ['+19164327788'],
          emails: [],
          source: 'api',
          listId,
          createdAt: expect.any(String),
        },
      },
    ]);
  });

  it('by hand in the app: a contact added to a property by a new phone is announced with source app', async () => {
    const { admin, received } = await subscribedTeam();
    const property = await insertContact(t.database.db, admin.teamId, {
      type: 'property',
      data: { Address: '12 Oak St' },
    });
    const add = (idt: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/services/addAndMapData',
        headers: admin.headers,
        payload: { type: 'contact', idt, addedTo: property.id },
      });
    const res = await add('(916) 555-0199');
    expect(res.statusCode).toBe(200);
    expect((await add('916-555-0199')).json().linked.existed).toBe(true);
    const got = await received();
    expect(got.map((e) => e.data)).toEqual([
      expect.objectContaining({
        contactId: res.json().linked._id,
        phones: ['+19165550199'],
        source: 'app',
      }),
    ]);
  });

  it('through a list import: each new contact is announced with source import and the list; the stacked row is not', async () => {
    const { admin, key, received } = await subscribedTeam();
    await insertContact(t.database.db, admin.teamId, { first: 'Dana', phones: ['916-432-7788'] });
    const csv =
      'First Name,Last Name,Phone\nDana,Whitfield,(916) 432-7788\nLee,Park,916-432-9911\nAmy,Cho,916-432-9922\n';
    const started = await callApiForm(
      base,
      key,
      '/api/v1/lists/import',
      { name: 'County' },
      { name: 'county.csv', content: csv },
    );
    expect(started.status).toBe(200);
    await t.app.services.imports.idle();
    const got = await received();
    expect(got.map((e) => [e.type, e.data['firstName'], e.data['source'], e.data['listId']]).sort()).toEqual([
      ['contact.created', 'Amy', 'import', started.body['id']],
      ['contact.created', 'Lee', 'import', started.body['id']],
    ]);
    expect(got.find((e) => e.data['firstName'] === 'Lee')!.data['phones']).toEqual(['+19164329911']);
  });

  it('from a text by a number the team does not have: the new contact is announced with source text', async () => {
    const { admin, received, n } = await subscribedTeam();
    const device = await insertConnectedDevice(t, admin, `+1916555${String(n).padStart(4, '0')}`);
    await t.app.services.sms.applyInbound(device, [
      { id: 'in-new', from: '+19164560001', body: 'Who is this?', at: t.clock.now().toISOString() },
    ]);
    const got = await received();
    expect(got).toEqual([
      expect.objectContaining({
        type: 'contact.created',
        data: expect.objectContaining({ phones: ['+19164560001'], emails: [], source: 'text', listId: null }),
      }),
    ]);
  });
});
