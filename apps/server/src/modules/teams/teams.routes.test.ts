import { PERMISSION_KEYS, messages, serverMessages } from '@prospector/core';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { items, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { realtimeClients } from '../../test/sockets.js';
import { insertContact, insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

/** Acme: its admin, Mo (no permissions), Mia (the `members` permission); and another team's admin and member. */
async function setUp() {
  t = await buildTestApp();
  const admin = await insertTeamAdmin(t, 'admin@acme.test');
  const mo = await insertMember(t, admin.teamId, 'mo@acme.test', { name: 'Mo' });
  const mia = await insertMember(t, admin.teamId, 'mia@acme.test', { name: 'Mia', permissions: ['members'] });
  const other = await insertTeamAdmin(t, 'admin@other.test');
  const stranger = await insertMember(t, other.teamId, 'stranger@other.test', { name: 'Stranger' });
  return { admin, mo, mia, other, stranger };
}

const send = (user: TestUser, method: 'PATCH' | 'POST' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const assignedOf = async (ids: string[]) => {
  const rows = await t.database.db
    .select({ id: items.id, assignedTo: items.assignedTo })
    .from(items)
    .where(inArray(items.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.assignedTo]));
};

const newMember = {
  name: 'Nora New',
  email: 'Nora@Acme.test',
  phone: '(555) 123-4567',
  permissions: [...PERMISSION_KEYS],
  dataAccess: 'All data',
};

describe('GET /api/teams/listMembers', () => {
  it("lists the caller's team with phones, permissions and data access, and no one else", async () => {
    const { mo, mia } = await setUp();
    const res = await send(mo, 'GET', '/api/teams/listMembers');
    expect(res.statusCode).toBe(200);
    const members = res.json().members as { email: string; role: string; permissions: string[] }[];
    expect(members.map((m) => m.email)).toEqual(['admin@acme.test', 'mo@acme.test', 'mia@acme.test']);
    expect(members[0]!.role).toBe('admin');
    expect(members.find((m) => m.email === 'mia@acme.test')).toMatchObject({
      _id: mia.userId,
      name: 'Mia',
      phone: null,
      permissions: ['members'],
      dataAccess: 'Only assigned',
    });
  });
});

describe('PATCH /api/teams/addMember', () => {
  it("creates the account in the caller's team, who then logs in to that team", async () => {
    const { admin } = await setUp();
    const res = await send(admin, 'PATCH', '/api/teams/addMember', newMember);
    expect(res.statusCode).toBe(200);
    const { user, chats } = res.json();
    // The new member's chats (issue 20): the team room, live support and a direct chat with each teammate.
    expect((chats as { kind: string; title: string }[]).map((c) => `${c.kind} ${c.title}`).sort()).toEqual([
      'direct Ada Admin',
      'direct Mia',
      'direct Mo',
      'support Live support',
      'team Everyone',
    ]);
    expect(user).toMatchObject({
      name: 'Nora New',
      email: 'nora@acme.test',
      phone: '(555) 123-4567',
      role: 'member',
      permissions: [...PERMISSION_KEYS],
      dataAccess: 'All data',
    });
    expect(await userRow(user._id)).toMatchObject({ teamId: admin.teamId, email: 'nora@acme.test' });
  });

  it('is allowed with the members permission and refused without it', async () => {
    const { mo, mia } = await setUp();
    expect((await send(mia, 'PATCH', '/api/teams/addMember', newMember)).statusCode).toBe(200);
    const refused = await send(mo, 'PATCH', '/api/teams/addMember', { ...newMember, email: 'x@acme.test' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'PERMISSION_REQUIRED', message: messages.auth.forbidden });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'x@acme.test'));
    expect(row).toBeUndefined();
  });

  it("refuses an address already on the caller's team with 409, and changes nothing", async () => {
    const { admin } = await setUp();
    const res = await send(admin, 'PATCH', '/api/teams/addMember', { ...newMember, email: 'MO@acme.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'MEMBER_EMAIL_IN_TEAM', message: serverMessages.team.emailInTeam });
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'mo@acme.test'));
    expect(rows).toHaveLength(1);
  });

  it('says what is wrong with a missing name, a bad e-mail and a bad phone', async () => {
    const { admin } = await setUp();
    const cases: [object, string][] = [
      [{ name: '  ' }, messages.team.nameRequired],
      [{ email: 'not-an-email' }, messages.auth.invalidEmail],
      [{ phone: '12345' }, messages.team.invalidPhone],
    ];
    for (const [patch, message] of cases) {
      const res = await send(admin, 'PATCH', '/api/teams/addMember', { ...newMember, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const bad = await send(admin, 'PATCH', '/api/teams/addMember', { ...newMember, permissions: ['root'] });
    expect(bad.statusCode).toBe(400);
    const rows = await t.database.db.select().from(users).where(eq(users.teamId, admin.teamId));
    expect(rows).toHaveLength(3);
  });
});

describe('PATCH /api/teams/editMember', () => {
  const edit = (id: string, patch: object = {}) => ({
    _id: id,
    name: 'Renamed',
    phone: '5551234567',
    permissions: ['sms'],
    dataAccess: 'Only assigned',
    ...patch,
  });

  it("lets the admin edit a member's details and access, keeping the e-mail when none is sent", async () => {
    const { admin, mo } = await setUp();
    const res = await send(
      admin,
      'PATCH',
      '/api/teams/editMember',
      edit(mo.userId, { dataAccess: 'All data' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      _id: mo.userId,
      name: 'Renamed',
      email: 'mo@acme.test',
      phone: '5551234567',
      permissions: ['sms'],
      dataAccess: 'All data',
    });
    expect(await userRow(mo.userId)).toMatchObject({ name: 'Renamed', permissions: ['sms'] });
  });

  it("changes an invited member's address at once, and refuses a teammate's address", async () => {
    const { admin } = await setUp();
    const added = await send(admin, 'PATCH', '/api/teams/addMember', newMember);
    const nora = added.json().user as { _id: string; invited: boolean };
    expect(nora.invited).toBe(true);
    const ok = await send(
      admin,
      'PATCH',
      '/api/teams/editMember',
      edit(nora._id, { email: 'NORA2@acme.test' }),
    );
    expect(ok.json()).toMatchObject({
      user: { email: 'nora2@acme.test', invited: true },
      pendingEmail: null,
    });
    const taken = await send(
      admin,
      'PATCH',
      '/api/teams/editMember',
      edit(nora._id, { email: 'mia@acme.test' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(serverMessages.team.emailInTeam);
    expect((await userRow(nora._id))!.email).toBe('nora2@acme.test');
  });

  it('lets a member edit their own details but not their own permissions or data access', async () => {
    const { mo } = await setUp();
    const own = { permissions: [], dataAccess: 'Only assigned' };
    const res = await send(
      mo,
      'PATCH',
      '/api/teams/editMember',
      edit(mo.userId, { name: 'Mo Better', ...own }),
    );
    expect(res.statusCode).toBe(200);
    expect((await userRow(mo.userId))!.name).toBe('Mo Better');
    const grab = await send(
      mo,
      'PATCH',
      '/api/teams/editMember',
      edit(mo.userId, { permissions: ['members'] }),
    );
    expect(grab.statusCode).toBe(403);
    expect(grab.json().message).toBe(messages.team.ownAccessAdminOnly);
    const wider = await send(
      mo,
      'PATCH',
      '/api/teams/editMember',
      edit(mo.userId, { ...own, dataAccess: 'All data' }),
    );
    expect(wider.statusCode).toBe(403);
    expect(await userRow(mo.userId)).toMatchObject({ permissions: [], dataAccess: 'Only assigned' });
  });

  it('refuses a member without the members permission editing someone else', async () => {
    const { mo, mia } = await setUp();
    const res = await send(mo, 'PATCH', '/api/teams/editMember', edit(mia.userId));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_REQUIRED');
    expect((await userRow(mia.userId))!.name).toBe('Mia');
  });

  it('lets the members permission edit others but not the admin', async () => {
    const { admin, mo, mia } = await setUp();
    expect((await send(mia, 'PATCH', '/api/teams/editMember', edit(mo.userId))).statusCode).toBe(200);
    const res = await send(mia, 'PATCH', '/api/teams/editMember', edit(admin.userId));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(serverMessages.team.adminEditAdminOnly);
    expect((await userRow(admin.userId))!.name).toBe('Ada Admin');
  });

  it("answers 404 for another team's user and changes nothing", async () => {
    const { admin, stranger } = await setUp();
    const res = await send(admin, 'PATCH', '/api/teams/editMember', edit(stranger.userId));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'TEAM_MEMBER_NOT_FOUND',
      message: serverMessages.team.memberNotFound,
    });
    expect((await userRow(stranger.userId))!.name).toBe('Stranger');
  });
});

describe('POST /api/items/countUserItems', () => {
  it("counts the records assigned to a member of the caller's team", async () => {
    const { admin, mo, mia } = await setUp();
    const db = t.database.db;
    await insertContact(db, admin.teamId, { assignedTo: [mo.userId] });
    await insertContact(db, admin.teamId, { assignedTo: [mia.userId, mo.userId] });
    await insertContact(db, admin.teamId, { assignedTo: [mia.userId] });
    const res = await send(admin, 'POST', '/api/items/countUserItems', { userId: mo.userId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ itemCount: 2 });
  });

  it("answers 404 for another team's user", async () => {
    const { admin, stranger, other } = await setUp();
    await insertContact(t.database.db, other.teamId, { assignedTo: [stranger.userId] });
    const res = await send(admin, 'POST', '/api/items/countUserItems', { userId: stranger.userId });
    expect(res.statusCode).toBe(404);
  });
});

describe('PATCH /api/teams/removeMember', () => {
  it("moves the member's records to the chosen members, without duplicates, then deletes the account", async () => {
    const { admin, mo, mia, other, stranger } = await setUp();
    const db = t.database.db;
    const a = await insertContact(db, admin.teamId, { assignedTo: [mo.userId] });
    const b = await insertContact(db, admin.teamId, { assignedTo: [mia.userId, mo.userId] });
    const c = await insertContact(db, admin.teamId, { assignedTo: [mia.userId] });
    const theirs = await insertContact(db, other.teamId, { assignedTo: [stranger.userId] });
    const res = await send(admin, 'PATCH', '/api/teams/removeMember', {
      userId: mo.userId,
      assignedTo: [mia.userId, admin.userId],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: mo.userId, moved: 2 });
    expect(await assignedOf([a.id, b.id, c.id, theirs.id])).toEqual({
      [a.id]: [mia.userId, admin.userId],
      [b.id]: [mia.userId, admin.userId],
      [c.id]: [mia.userId],
      [theirs.id]: [stranger.userId],
    });
    expect(await userRow(mo.userId)).toBeUndefined();
    // The removed member's session ended with the account.
    expect((await send(mo, 'GET', '/api/teams/listMembers')).statusCode).toBe(401);
  });

  it('removes a member without records when no one is chosen', async () => {
    const { mia, mo } = await setUp();
    const res = await send(mia, 'PATCH', '/api/teams/removeMember', { userId: mo.userId, assignedTo: [] });
    expect(res.json()).toEqual({ userId: mo.userId, moved: 0 });
    expect(await userRow(mo.userId)).toBeUndefined();
  });

  it('asks for assignees first when the member has records', async () => {
    const { admin, mo } = await setUp();
    const item = await insertContact(t.database.db, admin.teamId, { assignedTo: [mo.userId] });
    const res = await send(admin, 'PATCH', '/api/teams/removeMember', { userId: mo.userId, assignedTo: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(serverMessages.team.assigneesRequired);
    expect(await userRow(mo.userId)).toBeDefined();
    expect(await assignedOf([item.id])).toEqual({ [item.id]: [mo.userId] });
  });

  it('refuses assignees from another team, or the removed member, and changes nothing', async () => {
    const { admin, mo, stranger } = await setUp();
    const item = await insertContact(t.database.db, admin.teamId, { assignedTo: [mo.userId] });
    for (const assignedTo of [[stranger.userId], [mo.userId]]) {
      const res = await send(admin, 'PATCH', '/api/teams/removeMember', { userId: mo.userId, assignedTo });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(serverMessages.team.assigneeNotInTeam);
    }
    expect(await userRow(mo.userId)).toBeDefined();
    expect(await assignedOf([item.id])).toEqual({ [item.id]: [mo.userId] });
  });

  it("answers 404 for another team's user and removes no one", async () => {
    const { admin, stranger } = await setUp();
    const res = await send(admin, 'PATCH', '/api/teams/removeMember', {
      userId: stranger.userId,
      assignedTo: [],
    });
    expect(res.statusCode).toBe(404);
    expect(await userRow(stranger.userId)).toBeDefined();
  });

  it('refuses removing oneself, the admin, and removal without the members permission', async () => {
    const { admin, mo, mia } = await setUp();
    const self = await send(admin, 'PATCH', '/api/teams/removeMember', {
      userId: admin.userId,
      assignedTo: [],
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(serverMessages.team.cannotRemoveSelf);
    const theAdmin = await send(mia, 'PATCH', '/api/teams/removeMember', {
      userId: admin.userId,
      assignedTo: [],
    });
    expect(theAdmin.statusCode).toBe(403);
    expect(theAdmin.json().message).toBe(serverMessages.team.cannotRemoveAdmin);
    const noRight = await send(mo, 'PATCH', '/api/teams/removeMember', {
      userId: mia.userId,
      assignedTo: [],
    });
    expect(noRight.statusCode).toBe(403);
    expect(noRight.json().code).toBe('PERMISSION_REQUIRED');
    for (const id of [admin.userId, mia.userId]) expect(await userRow(id)).toBeDefined();
  });
});

describe('membersChanged', () => {
  it("tells the team's sockets, and only them, when a member joins or leaves", async () => {
    const { admin, mo, other } = await setUp();
    const clients = await realtimeClients(t);
    const [mine, theirs] = await Promise.all([clients.connect(mo), clients.connect(other)]);
    const seen: { userId: string; change: string }[] = [];
    let seenByOther = 0;
    mine.on('membersChanged', (payload) => seen.push(payload));
    theirs.on('membersChanged', () => seenByOther++);
    try {
      const added = await send(admin, 'PATCH', '/api/teams/addMember', {
        name: 'Nia',
        email: 'nia@acme.test',
        phone: '',
        permissions: [],
        dataAccess: 'Only assigned',
      });
      expect(added.statusCode, added.body).toBe(200);
      const nia = added.json().user._id as string;
      expect(
        (await send(admin, 'PATCH', '/api/teams/removeMember', { userId: nia, assignedTo: [] })).statusCode,
      ).toBe(200);
      // A refused removal says nothing.
      await send(mo, 'PATCH', '/api/teams/removeMember', { userId: admin.userId, assignedTo: [] });
      await expect
        .poll(() => seen, { timeout: 15_000, interval: 20 })
        .toEqual([
          { userId: nia, change: 'added' },
          { userId: nia, change: 'removed' },
        ]);
      expect(seenByOther).toBe(0);
    } finally {
      clients.closeAll();
    }
  });
});
