import { messages, serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import {
  insertContact,
  insertMember,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from '../../test/factories.js';

type Status = { _id: string; text: string; hidden: boolean; builtIn: boolean };

let t: TestApp;
let admin: TestUser;
beforeEach(async () => {
  t = await buildTestApp();
  admin = await insertTeamAdmin(t, 'admin@acme.test');
});
afterEach(async () => {
  await t.close();
});

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const list = async (user: TestUser): Promise<Status[]> =>
  (await call(user, 'GET', '/api/settings/statuses')).json().statuses;
const add = async (user: TestUser, text: string): Promise<Status> =>
  (await call(user, 'PUT', '/api/settings/addStatus', { text })).json();
const hide = (user: TestUser, _id: string, hidden: boolean) =>
  call(user, 'PATCH', '/api/settings/statusHidden', { _id, hidden });
const rename = (user: TestUser, _id: string, text: string, prevText = '') =>
  call(user, 'PATCH', '/api/settings/editStatusText', { _id, text, prevText });
const remove = (user: TestUser, _id: string, text = '') =>
  call(user, 'PATCH', '/api/settings/removeStatus', { _id, text });
const builtIn = async (text: string) => (await statusId(t.database.db, admin.teamId, text))!;
const boardColumns = async (user: TestUser): Promise<string[]> =>
  (await call(user, 'POST', '/api/dashboard/get', {}))
    .json()
    .columns.map((c: { status: { text: string } }) => c.status.text);

describe('GET /api/settings/statuses', () => {
  it('lists every status of the team in board order, hidden ones included', async () => {
    const hot = await add(admin, 'Hot');
    await hide(admin, hot._id, true);
    expect(await list(admin)).toEqual([
      { _id: expect.any(String), text: 'Not contacted', hidden: false, builtIn: true },
      { _id: expect.any(String), text: 'DNC', hidden: false, builtIn: true },
      { _id: expect.any(String), text: 'Wrong number', hidden: false, builtIn: true },
      { _id: hot._id, text: 'Hot', hidden: true, builtIn: false },
    ]);
  });
});

describe('PUT /api/settings/addStatus', () => {
  it('adds a status at the end of the board', async () => {
    const res = await call(admin, 'PUT', '/api/settings/addStatus', { text: '  Hot lead ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: 'Hot lead', hidden: false, builtIn: false });
    expect((await boardColumns(admin)).at(-1)).toBe('Hot lead');
  });

  it("refuses every DNC-like text, in any case, with the spec's message, the product named", async () => {
    for (const text of [
      'dnc list',
      'Wrong Number 2',
      'wrong no',
      'WRONG #',
      'Wrong person',
      'Do not call',
      'DoNotCall',
    ]) {
      const res = await call(admin, 'PUT', '/api/settings/addStatus', { text });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Prospector already has DNC and Wrong # statuses built in.');
    }
    expect(await list(admin)).toHaveLength(3);
  });

  it('refuses a text another status already has, whatever its case', async () => {
    await add(admin, 'Hot');
    const res = await call(admin, 'PUT', '/api/settings/addStatus', { text: 'HOT' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.records.statusExists);
  });

  it('refuses an empty text', async () => {
    const res = await call(admin, 'PUT', '/api/settings/addStatus', { text: '   ' });
    expect(res.statusCode).toBe(400);
    expect(await list(admin)).toHaveLength(3);
  });
});

describe('PATCH /api/settings/statusHidden', () => {
  it("hides a status's board column and shows it again", async () => {
    const hot = await add(admin, 'Hot');
    const res = await hide(admin, hot._id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...hot, hidden: true });
    expect(await boardColumns(admin)).not.toContain('Hot');
    await hide(admin, hot._id, false);
    expect(await boardColumns(admin)).toContain('Hot');
  });

  it('hides a built-in status too', async () => {
    const res = await hide(admin, await builtIn('DNC'), true);
    expect(res.statusCode).toBe(200);
    expect(await boardColumns(admin)).toEqual(['Not contacted', 'Wrong number']);
  });
});

describe('PATCH /api/settings/editStatusText', () => {
  it('renames a status, and its records show the new name', async () => {
    const hot = await add(admin, 'Hot');
    const lead = await insertContact(t.database.db, admin.teamId, {
      phones: ['916-456-7890'],
      status: 'Hot',
    });
    const res = await rename(admin, hot._id, 'Warm', 'Hot');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...hot, text: 'Warm' });
    expect((await call(admin, 'GET', `/api/items/${lead.id}`)).json().item.status).toBe('Warm');
  });

  it("refuses a DNC-like text with the spec's message", async () => {
    const hot = await add(admin, 'Hot');
    const res = await rename(admin, hot._id, 'Wrong # maybe', 'Hot');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.records.forbiddenStatus);
    expect((await list(admin)).at(-1)!.text).toBe('Hot');
  });

  it('refuses the text of another status, whatever its case, and keeps the old one', async () => {
    const hot = await add(admin, 'Hot');
    const res = await rename(admin, hot._id, 'not CONTACTED', 'Hot');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.records.statusExists);
    expect((await list(admin)).at(-1)!.text).toBe('Hot');
  });

  it("accepts a change of the status's own case", async () => {
    const hot = await add(admin, 'Hot');
    expect((await rename(admin, hot._id, 'HOT', 'Hot')).json().text).toBe('HOT');
  });

  it('refuses to rename a built-in status', async () => {
    for (const text of ['Not contacted', 'Wrong number']) {
      const res = await rename(admin, await builtIn(text), 'Fresh', text);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(serverMessages.records.builtInStatus);
    }
    expect((await list(admin)).map((s) => s.text)).toEqual(['Not contacted', 'DNC', 'Wrong number']);
  });
});

describe('PATCH /api/settings/removeStatus', () => {
  it('removes a status, and the records that had it are left with no status', async () => {
    const hot = await add(admin, 'Hot');
    const lead = await insertContact(t.database.db, admin.teamId, {
      phones: ['916-456-7890'],
      status: 'Hot',
    });
    const res = await remove(admin, hot._id, 'Hot');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await list(admin)).map((s) => s.text)).not.toContain('Hot');
    const [row] = await t.database.db.select().from(items).where(eq(items.id, lead.id));
    expect(row!.statusId).toBeNull();
  });

  it('refuses to remove a built-in status', async () => {
    const res = await remove(admin, await builtIn('DNC'), 'DNC');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(serverMessages.records.builtInStatus);
    expect(await list(admin)).toHaveLength(3);
  });
});

describe('who may change statuses', () => {
  it('a member with the statuses permission may', async () => {
    const member = await insertMember(t, admin.teamId, 'mo@acme.test', { permissions: ['statuses'] });
    const hot = await add(member, 'Hot');
    expect((await rename(member, hot._id, 'Warm')).statusCode).toBe(200);
    expect((await hide(member, hot._id, true)).statusCode).toBe(200);
    expect((await remove(member, hot._id)).statusCode).toBe(200);
  });

  it('a member without the statuses permission may not, and nothing changes', async () => {
    const hot = await add(admin, 'Hot');
    const member = await insertMember(t, admin.teamId, 'mo@acme.test', { permissions: ['campaigns'] });
    const answers = [
      await call(member, 'GET', '/api/settings/statuses'),
      await call(member, 'PUT', '/api/settings/addStatus', { text: 'Cold' }),
      await hide(member, hot._id, true),
      await rename(member, hot._id, 'Warm'),
      await remove(member, hot._id),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'PERMISSION_REQUIRED', message: messages.auth.forbidden });
    }
    expect((await list(admin)).map((s) => [s.text, s.hidden])).toEqual([
      ['Not contacted', false],
      ['DNC', false],
      ['Wrong number', false],
      ['Hot', false],
    ]);
  });

  it("another team's status is not found, and nothing changes", async () => {
    const hot = await add(admin, 'Hot');
    const other = await insertTeamAdmin(t, 'admin@other.test');
    const answers = [
      await hide(other, hot._id, true),
      await rename(other, hot._id, 'Warm'),
      await remove(other, hot._id),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(serverMessages.records.statusNotFound);
    }
    expect((await list(admin)).at(-1)).toEqual(hot);
    expect((await list(other)).map((s) => s.text)).toEqual(['Not contacted', 'DNC', 'Wrong number']);
  });
});
