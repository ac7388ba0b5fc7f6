import { API_SCOPES, serverMessages } from '@prospector/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { apiKeys, lists, smsJobs } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertContact, insertMember, insertTeamAdmin } from '../../test/factories.js';
import { addDevice, callApi, listen, makeKey } from './public-api.test-support.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_API_PER_MINUTE: 1000 });
  base = await listen(t);
}, 60_000);
afterAll(async () => t.close());

let n = 0;
const newAdmin = () => insertTeamAdmin(t, `api-admin-${++n}@acme.test`);

describe('API keys in Settings', () => {
  it('an admin makes a named key with scopes that is shown once, stored hashed, listed with its last use', async () => {
    const admin = await newAdmin();
    const { key, id } = await makeKey(t, admin, ['records:read']);
    expect(key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.keyHash).not.toContain(key.slice(3));
    expect(JSON.stringify(row)).not.toContain(key);

    const listed = () =>
      t.app
        .inject({ method: 'GET', url: '/api/settings/apiKeys', headers: admin.headers })
        .then((r) => r.json());
    const before = (await listed()).keys[0];
    expect(before).toMatchObject({ _id: id, scopes: ['records:read'], lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(await listed())).not.toContain(key);

    expect((await callApi(base, key, 'GET', '/api/v1/contacts')).status).toBe(200);
    expect((await listed()).keys[0].lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('a revoked key answers 401 at once, and the revocation and each call are in the audit log', async () => {
    const admin = await newAdmin();
    const { key, id } = await makeKey(t, admin);
    expect((await callApi(base, key, 'GET', '/api/v1/contacts')).status).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/settings/apiKeys/revoke',
      headers: admin.headers,
      payload: { _id: id },
    });
    expect(revoked.json().revokedAt).not.toBeNull();
    const refused = await callApi(base, key, 'GET', '/api/v1/contacts');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: 'API_KEY_REFUSED', message: serverMessages.publicApi.keyInvalid });
    const audit = await queryRows<{ action: string; call: string | null }>(
      t.database.db,
      sql`select action, details->>'call' as call from audit_log
          where team_id = ${admin.teamId} and details->>'apiKeyId' = ${id} order by created_at, id`,
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['apiKey.call', 'apiKey.created', 'apiKey.revoked']);
    expect(audit.find((a) => a.action === 'apiKey.call')!.call).toBe('GET /api/v1/contacts');
  });

  it('a member who is not an admin can neither list nor make keys, and the old sendSMS key still works', async () => {
    const admin = await newAdmin();
    const member = await insertMember(t, admin.teamId, `member-${n}@acme.test`);
    const list = await t.app.inject({ method: 'GET', url: '/api/settings/apiKeys', headers: member.headers });
    expect(list.statusCode).toBe(403);
    const make = await t.app.inject({
      method: 'POST',
      url: '/api/settings/apiKeys',
      headers: member.headers,
      payload: { name: 'Mine', scopes: ['texts:send'] },
    });
    expect(make.statusCode).toBe(403);
    expect(await t.database.db.select().from(apiKeys).where(eq(apiKeys.teamId, admin.teamId))).toEqual([]);

    const { apiKey } = (
      await t.app.inject({ method: 'GET', url: '/api/users/integrations', headers: admin.headers })
    ).json();
    await addDevice(t, admin, '+19165550177');
    await insertContact(t.database.db, admin.teamId, { phones: ['916-456-2201'] });
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/public/sendSMS',
      payload: { apiKey, to: '+19164562201', body: 'Still works' },
    });
    expect(old.statusCode).toBe(200);
  });

  it('refuses a key with no scope or no name and makes nothing', async () => {
    const admin = await newAdmin();
    for (const payload of [
      { name: 'None', scopes: [] },
      { name: ' ', scopes: ['records:read'] },
      { name: 'Odd', scopes: ['everything'] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/settings/apiKeys',
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await t.database.db.select().from(apiKeys).where(eq(apiKeys.teamId, admin.teamId))).toEqual([]);
  });
});

describe('contacts', () => {
  it('creates a contact into a list, and a second create with its phone stacks onto it as imports do', async () => {
    const admin = await newAdmin();
    const { key } = await makeKey(t, admin);
    const list = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'From our CRM' });
    expect(list.status).toBe(200);
    const listId = list.body['id'] as string;

    const first = await callApi(base, key, 'POST', '/api/v1/contacts', {
      listId,
      firstName: 'dana',
      phones: ['(916) 432-7788'],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      created: true,
      contact: { firstName: 'Dana', lastName: null, phones: ['+19164327788'], emails: [] },
    });
    const contact = first.body['contact'] as { id: string; statusId: string | null };
    expect(contact.statusId).not.toBeNull();

    const second = await callApi(base, key, 'POST', '/api/v1/contacts', {
      listId,
      firstName: 'Someone Else',
      lastName: 'Whitfield',
      phones: ['+1 916 432 7788'],
      emails: ['Dana@Example.com'],
    });
    expect(second.body).toMatchObject({
      created: false,
      contact: {
        id: contact.id,
        firstName: 'Dana',
        lastName: 'Whitfield',
        phones: ['+19164327788'],
        emails: ['dana@example.com'],
      },
    });
    const [row] = await t.database.db.select().from(lists).where(eq(lists.id, listId));
    expect(row!.itemCount).toBe(1);
  });

  it('refuses a contact with no valid phone or e-mail, or into an unknown list, and makes nothing', async () => {
    const admin = await newAdmin();
    const { key } = await makeKey(t, admin);
    const list = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'L' });
    const none = await callApi(base, key, 'POST', '/api/v1/contacts', {
      listId: list.body['id'],
      phones: ['12'],
    });
    expect(none.status).toBe(400);
    expect(none.body['message']).toBe(serverMessages.publicApi.noIdentifier);
    const unknown = await callApi(base, key, 'POST', '/api/v1/contacts', {
      listId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      phones: ['(916) 432-7711'],
    });
    expect(unknown.status).toBe(404);
    expect((await callApi(base, key, 'GET', '/api/v1/contacts')).body['data']).toEqual([]);
  });

  it('reads and renames a contact, and pages through contacts with a cursor, each once', async () => {
    const admin = await newAdmin();
    const { key } = await makeKey(t, admin);
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await insertContact(t.database.db, admin.teamId, { phones: [`916-456-31${10 + i}`] }));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { status: number; body: Record<string, unknown> } = await callApi(
        base,
        key,
        'GET',
        `/api/v1/contacts?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...(page.body['data'] as { id: string }[]).map((c) => c.id));
      cursor = page.body['nextCursor'] as string | null;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual(made.map((m) => m.id).sort());

    const bad = await callApi(base, key, 'GET', '/api/v1/contacts?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body['code']).toBe('CURSOR_INVALID');

    const id = made[0]!.id;
    const renamed = await callApi(base, key, 'PATCH', `/api/v1/contacts/${id}`, { lastName: 'whitfield-ng' });
    expect(renamed.body).toMatchObject({ id, lastName: 'Whitfield-Ng', phones: ['+19164563110'] });
    expect((await callApi(base, key, 'GET', `/api/v1/contacts/${id}`)).body['lastName']).toBe('Whitfield-Ng');
  });
});

describe('texts and lists', () => {
  it('sends a text through the team’s devices and reads it back in the contact’s thread', async () => {
    const admin = await newAdmin();
    const { key } = await makeKey(t, admin);
    await addDevice(t, admin, '+19165550188');
    const c = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-4401'] });
    const sent = await callApi(base, key, 'POST', '/api/v1/texts', {
      to: '(916) 456-4401',
      body: 'Hi from Zapier',
    });
    expect(sent.status).toBe(200);
    expect(await t.database.db.select().from(smsJobs).where(eq(smsJobs.teamId, admin.teamId))).toHaveLength(
      1,
    );
    const thread = await callApi(base, key, 'GET', `/api/v1/contacts/${c.id}/texts`);
    expect(thread.body['data']).toMatchObject([
      { id: sent.body['id'], direction: 'out', body: 'Hi from Zapier', phone: '+19164564401' },
    ]);
    const stranger = await callApi(base, key, 'POST', '/api/v1/texts', { to: '+19164560000', body: 'Hi' });
    expect(stranger.status).toBe(400);
    expect(stranger.body['message']).toBe(serverMessages.hooks.unknownProspect);
  });

  it('adds existing contacts to a list once, however often they are added', async () => {
    const admin = await newAdmin();
    const { key } = await makeKey(t, admin);
    const a = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-5501'] });
    const b = await insertContact(t.database.db, admin.teamId, { phones: ['916-456-5502'] });
    const list = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'Hot' });
    const path = `/api/v1/lists/${list.body['id'] as string}/contacts`;
    expect((await callApi(base, key, 'POST', path, { contactIds: [a.id, b.id] })).body).toEqual({ added: 2 });
    expect((await callApi(base, key, 'POST', path, { contactIds: [a.id, b.id, a.id] })).body).toEqual({
      added: 0,
    });
  });
});

describe('idempotency, errors and limits', () => {
  it('a create replayed with its Idempotency-Key answers the first result and makes nothing more', async () => {
    const admin = await newAdmin();
    const { key } = await makeKey(t, admin);
    const headers = { 'idempotency-key': 'zap-run-42' };
    const first = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'Once' }, headers);
    const again = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'Once' }, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await t.database.db.select().from(lists).where(eq(lists.teamId, admin.teamId))).toHaveLength(1);

    const other = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'Different' }, headers);
    expect(other.status).toBe(409);
    expect(other.body['code']).toBe('IDEMPOTENCY_CONFLICT');
    // The same Idempotency-Key of another key is another request.
    const { key: second } = await makeKey(t, admin);
    expect((await callApi(base, second, 'POST', '/api/v1/lists', { name: 'Twice' }, headers)).status).toBe(
      200,
    );
  });

  it('a replayed text is sent once', async () => {
    const admin = await newAdmin();
    const { key } = await makeKey(t, admin);
    await addDevice(t, admin, '+19165550199');
    await insertContact(t.database.db, admin.teamId, { phones: ['916-456-6601'] });
    const send = () =>
      callApi(
        base,
        key,
        'POST',
        '/api/v1/texts',
        { to: '+19164566601', body: 'Once only' },
        { 'idempotency-key': 'k1' },
      );
    const first = await send();
    const again = await send();
    expect(again.body).toEqual(first.body);
    expect(await t.database.db.select().from(smsJobs).where(eq(smsJobs.teamId, admin.teamId))).toHaveLength(
      1,
    );
  });

  it('a request with the Idempotency-Key of one still running is told so and makes nothing; later it replays the answer', async () => {
    const admin = await newAdmin();
    const { key } = await makeKey(t, admin);
    const headers = { 'idempotency-key': 'zap-burst' };
    // The first request is held inside its create until the second has been answered.
    const { v1 } = t.app.services;
    const createList = v1.createList;
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const held = new Promise<void>((r) => (release = r));
    v1.createList = async (...args) => {
      entered();
      await held;
      return createList(...args);
    };
    try {
      const first = callApi(base, key, 'POST', '/api/v1/lists', { name: 'Burst' }, headers);
      await inside;
      const second = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'Burst' }, headers);
      expect(second).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_IN_PROGRESS' } });
      release();
      const made = await first;
      expect(made.status).toBe(200);
      const later = await callApi(base, key, 'POST', '/api/v1/lists', { name: 'Burst' }, headers);
      expect(later.body).toEqual(made.body);
      expect(later.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      release();
      v1.createList = createList;
    }
    expect(await t.database.db.select().from(lists).where(eq(lists.teamId, admin.teamId))).toHaveLength(1);
    // Each call is in the audit log under its key, the refused one and the replay included.
    const audited = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'apiKey.call' and team_id = ${admin.teamId}`,
    );
    expect(audited[0]!.n).toBe(3);
  });

  it('a first request that failed keeps nothing: its retry with the same Idempotency-Key runs', async () => {
    const admin = await newAdmin();
    const { key } = await makeKey(t, admin);
    await insertContact(t.database.db, admin.teamId, { phones: ['916-456-6602'] });
    const send = () =>
      callApi(
        base,
        key,
        'POST',
        '/api/v1/texts',
        { to: '+19164566602', body: 'Retry me' },
        { 'idempotency-key': 'retry-1' },
      );
    const first = await send();
    expect(first.status).toBeGreaterThanOrEqual(400);
    await addDevice(t, admin, '+19165550198');
    const retried = await send();
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await t.database.db.select().from(smsJobs).where(eq(smsJobs.teamId, admin.teamId))).toHaveLength(
      1,
    );
  });

  it('every error has one shape, a bad body names its fields, and nothing is made', async () => {
    const admin = await newAdmin();
    const { key } = await makeKey(t, admin);
    const bad = await callApi(base, key, 'POST', '/api/v1/lists', { name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'name' }] });
    const noKey = await callApi(base, null, 'GET', '/api/v1/contacts');
    expect(noKey.status).toBe(401);
    expect(Object.keys(noKey.body).sort()).toEqual(['code', 'message']);
    const badIdem = await callApi(
      base,
      key,
      'POST',
      '/api/v1/lists',
      { name: 'x' },
      { 'idempotency-key': 'a b' },
    );
    expect(badIdem.status).toBe(400);
    expect(await t.database.db.select().from(lists).where(eq(lists.teamId, admin.teamId))).toEqual([]);
  });
});

describe('rate limits', () => {
  it('limits each key per minute, with RateLimit headers on every answer, and another key is not held back', async () => {
    const limited = await buildTestApp({ PUBLIC_API_PER_MINUTE: 3 });
    try {
      const url = await listen(limited);
      const admin = await insertTeamAdmin(limited, 'limits@acme.test');
      const { key } = await makeKey(limited, admin);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await callApi(url, key, 'GET', '/api/v1/contacts'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
      expect(answers[0]!.headers.get('ratelimit-limit')).toBe('3');
      expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
      const { key: other } = await makeKey(limited, admin, API_SCOPES);
      expect((await callApi(url, other, 'GET', '/api/v1/contacts')).status).toBe(200);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
