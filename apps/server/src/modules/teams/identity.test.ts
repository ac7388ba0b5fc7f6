import { PERMISSION_KEYS, serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { bearer, buildTestApp, loginAs, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { realtimeClients } from '../../test/sockets.js';

/*
 * Issue 15 items 1 and 11: an address is an identity only once its owner proved it with a code, staff
 * status follows such an identity, and no answer tells a team whether an address has an account elsewhere.
 */

const STAFF = 'staff@prospector.test';
let t: TestApp;
afterEach(async () => {
  await t.close();
});

async function setUp() {
  t = await buildTestApp({ STAFF_EMAILS: [STAFF] });
  const mallory = await insertTeamAdmin(t, 'mallory@evil.test', 'Mallory');
  const victim = await insertTeamAdmin(t, 'victim@example.test', 'Victor Victim');
  return { mallory, victim };
}

const send = (user: { headers: object }, method: 'PATCH' | 'POST' | 'GET', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: user.headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });
const me = async (user: { headers: object }) => (await send(user, 'GET', '/api/users/me')).json().user;
const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const editSelf = (user: TestUser, email: string) =>
  send(user, 'PATCH', '/api/teams/editMember', {
    _id: user.userId,
    name: 'Me',
    email,
    phone: '',
    permissions: [],
    dataAccess: 'All data',
  });
const newMember = (email: string) => ({
  name: 'Nora New',
  email,
  phone: '',
  permissions: [...PERMISSION_KEYS],
  dataAccess: 'All data',
});

describe('becoming staff by e-mail', () => {
  it('a user who sets their own e-mail to a staff address (any case) is not staff and cannot hijack', async () => {
    const { mallory } = await setUp();
    const res = await editSelf(mallory, 'Staff@Prospector.TEST');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: 'mallory@evil.test' }, pendingEmail: STAFF });
    expect(await me(mallory)).toMatchObject({ email: 'mallory@evil.test', isStaff: false });
    const hijack = await send(mallory, 'POST', '/api/admin/hijack', { name: 'Victor Victim' });
    expect(hijack.statusCode).toBe(403);
    const switched = await send(mallory, 'POST', '/api/admin/switchToUser', { teamId: mallory.teamId });
    expect(switched.statusCode).toBe(403);
  });

  it('a staff address added as a member does not make that row staff, and its owner logs into a team of their own', async () => {
    const { mallory } = await setUp();
    const added = await send(mallory, 'PATCH', '/api/teams/addMember', newMember(STAFF));
    expect(added.statusCode).toBe(200);
    expect(added.json().user).toMatchObject({ email: STAFF, invited: true });
    const staff = await loginAs(t, STAFF, '198.51.100.7');
    expect(staff.user.team._id).not.toBe(mallory.teamId);
    expect(await me({ headers: bearer(staff.token) })).toMatchObject({ isStaff: true });
  });

  it("no team-level call changes a staff identity's address", async () => {
    await setUp();
    const staff = await loginAs(t, STAFF, '198.51.100.8');
    const self = { userId: staff.user._id, headers: bearer(staff.token) } as TestUser;
    const res = await editSelf(self, 'elsewhere@example.test');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(serverMessages.team.staffEmailLocked);
    expect((await rowOf(staff.user._id)).email).toBe(STAFF);
  });
});

describe('changing an e-mail address', () => {
  it('takes effect only with the code sent to the new address, and logs out every other session', async () => {
    const { victim } = await setUp();
    const rt = await realtimeClients(t);
    const phone = await loginAs(t, 'victim@example.test', '198.51.100.9');
    const phoneSocket = await rt.connect({ ...victim, headers: bearer(phone.token), token: phone.token });
    const revoked = new Promise<unknown>((r) => phoneSocket.once('sessionRevoked', r));

    const asked = await editSelf(victim, 'victor@new.test');
    expect(asked.json().pendingEmail).toBe('victor@new.test');
    expect((await rowOf(victim.userId)).email).toBe('victim@example.test');
    const code = await t.smtp.codeFor('victor@new.test');

    const confirm = (c: string) =>
      send(victim, 'POST', '/api/teams/confirmMemberEmail', { _id: victim.userId, code: c });
    const wrong = await confirm(code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect((await rowOf(victim.userId)).email).toBe('victim@example.test');

    const right = await confirm(code);
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ email: 'victor@new.test', invited: false });
    expect(await me(victim)).toMatchObject({ email: 'victor@new.test' });
    expect((await send({ headers: bearer(phone.token) }, 'GET', '/api/users/me')).statusCode).toBe(401);
    expect(await revoked).toEqual({ reason: 'revoked' });
    await waitUntil(() => !phoneSocket.connected);
    expect((await confirm(code)).statusCode).toBe(400);
    rt.closeAll();
  });

  it('claiming an address that has not signed up keeps no session in the account its owner later logs into', async () => {
    const { mallory } = await setUp();
    await editSelf(mallory, 'newcomer@example.test');
    const owner = await loginAs(t, 'newcomer@example.test', '198.51.100.10');
    expect(owner.user._id).not.toBe(mallory.userId);
    expect(owner.user.team._id).not.toBe(mallory.teamId);
    expect(await me(mallory)).toMatchObject({ email: 'mallory@evil.test' });
    // The owner's login voided nothing of theirs: the change code is of another kind, and still unused.
    expect((await rowOf(owner.user._id)).email).toBe('newcomer@example.test');
  });
});

describe('account enumeration', () => {
  it('adding a member whose address has an account in another team answers as for a new address', async () => {
    const { mallory, victim } = await setUp();
    const fresh = await send(mallory, 'PATCH', '/api/teams/addMember', newMember('nobody@example.test'));
    const known = await send(mallory, 'PATCH', '/api/teams/addMember', newMember('VICTIM@example.test'));
    expect(fresh.statusCode).toBe(200);
    expect(known.statusCode).toBe(fresh.statusCode);
    const shape = (r: typeof fresh) => ({ ...r.json().user, _id: '', email: '' });
    expect(shape(known)).toEqual(shape(fresh));
    expect(known.json().user.invited).toBe(true);
    // The owner's account is untouched and still logs into their own team.
    const again = await loginAs(t, 'victim@example.test', '198.51.100.11');
    expect(again.user._id).toBe(victim.userId);
    expect(again.user.team._id).toBe(victim.teamId);
  });

  it("editing a member's address to one with an account elsewhere answers as for a free one; only the code tells", async () => {
    const { mallory } = await setUp();
    const mo = await insertMember(t, mallory.teamId, 'mo@evil.test', { dataAccess: 'All data' });
    const edit = (email: string) =>
      send(mallory, 'PATCH', '/api/teams/editMember', {
        _id: mo.userId,
        name: 'Mo',
        email,
        phone: '',
        permissions: [],
        dataAccess: 'All data',
      });
    const free = await edit('free@example.test');
    const known = await edit('victim@example.test');
    expect(known.statusCode).toBe(free.statusCode);
    expect(known.json().pendingEmail).toBe('victim@example.test');
    expect({ ...known.json(), pendingEmail: '' }).toEqual({ ...free.json(), pendingEmail: '' });
    // Whoever holds the code controls that mailbox: now the answer may say it is taken.
    const code = await t.smtp.codeFor('victim@example.test', 2);
    const confirmed = await send(mallory, 'POST', '/api/teams/confirmMemberEmail', { _id: mo.userId, code });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe(serverMessages.team.emailTaken);
    expect((await rowOf(mo.userId)).email).toBe('mo@evil.test');
  });

  it('an invited member logs into the team that added them at their first login', async () => {
    const { mallory } = await setUp();
    const added = await send(mallory, 'PATCH', '/api/teams/addMember', newMember('nora@evil.test'));
    const nora = await loginAs(t, 'nora@evil.test', '198.51.100.12');
    expect(nora.user._id).toBe(added.json().user._id);
    expect(nora.user.team._id).toBe(mallory.teamId);
    const list = await send(mallory, 'GET', '/api/teams/listMembers');
    expect(list.json().members.find((m: { _id: string }) => m._id === nora.user._id).invited).toBe(false);
  });
});

async function waitUntil(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
