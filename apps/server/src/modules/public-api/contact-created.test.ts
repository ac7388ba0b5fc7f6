import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertConnectedDevice, insertContact, insertTeamAdmin } from '../../test/factories.js';
import { callApi, callApiForm, listen, makeKey } from './public-api.test-support.js';

type Hit = { url: string; headers: IncomingHttpHeaders; body: string };
type Envelope = { type: string; data: Record<string, unknown> };

let t: TestApp;
let base: string;
let receiver: Server;
let hookUrl: string;
const hits: Hit[] = [];

beforeAll(async () => {
  t = await buildTestApp({ HOOKS_ALLOW_PRIVATE: true });
  base = await listen(t);
  // A Zapier-like catch hook on loopback: records each POST and answers 200.
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/catch`;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

let teams = 0;
/** A team with a key and a subscription to `contact.created` (each team's hook its own path). */
async function subscribedTeam() {
  const admin = await insertTeamAdmin(t, `admin${++teams}@created.test`);
  const { key } = await makeKey(t, admin);
  const made = await callApi(base, key, 'POST', '/api/v1/webhooks', {
    url: `${hookUrl}/${teams}`,
    events: ['contact.created'],
  });
  expect(made.status).toBe(200);
  const secret = made.body['secret'] as string;
  const path = `/catch/${teams}`;
  /** What reached this team's hook, each verified with the `standardwebhooks` package as a receiver would. */
  async function received(): Promise<Envelope[]> {
    await t.app.services.webhooks.settle();
    await t.app.services.hookSender.flush();
    return hits.filter((h) => h.url === path).map((h) => verified(secret, h));
  }
  return { admin, key, received };
}

/** The hit as `standardwebhooks` reads it at the time it was signed (its tolerance reads Date.now()). */
function verified(secret: string, hit: Hit): Envelope {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Number(hit.headers['webhook-timestamp']) * 1000));
  try {
    return new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as Envelope;
  } finally {
    vi.useRealTimers();
  }
}

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
    const { admin, received } = await subscribedTeam();
    const device = await insertConnectedDevice(t, admin, `+1916555${String(teams).padStart(4, '0')}`);
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
