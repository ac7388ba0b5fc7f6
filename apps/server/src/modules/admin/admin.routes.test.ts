import { messages, serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.js';
import { bearer, buildTestApp, loginAs, type TestApp } from '../../test/app.js';
import { setUpSecondFactor } from '../../test/staff.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp({ STAFF_EMAILS: ['staff@prospector.test', 'colleague@prospector.test'] });
});
afterEach(async () => {
  await t.close();
});

async function named(email: string, name: string, ip: string) {
  const session = await loginAs(t, email, ip);
  await t.database.db.update(users).set({ name }).where(eq(users.id, session.user._id));
  return session;
}

/** Staff, with their second factor set up and given in this session. */
async function staffNamed(name: string, ip: string) {
  const session = await named('staff@prospector.test', name, ip);
  await setUpSecondFactor(t, { headers: bearer(session.token) });
  return session;
}

const hijack = (token: string, name: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/hijack', headers: bearer(token), payload: { name } });

describe('impersonation', () => {
  it('refuses a user who is not internal staff, and audits the attempt', async () => {
    const mallory = await named('mallory@example.com', 'Mallory', '203.0.113.1');
    await named('victim@example.com', 'Victor Victim', '203.0.113.2');
    const res = await hijack(mallory.token, 'Victor Victim');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.auth.impersonationForbidden);
    const denied = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.denied'));
    expect(denied).toHaveLength(1);
    expect(denied[0]!.actorUserId).toBe(mallory.user._id);
  });

  it('refuses a logged-out caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/hijack', payload: { name: 'Anyone' } });
    expect(res.statusCode).toBe(401);
  });

  it('lets staff open a session as a user by name, audited, and marked as impersonated', async () => {
    const staff = await staffNamed('Sam Staff', '203.0.113.3');
    const target = await named('owner@example.com', 'Olivia Owner', '203.0.113.4');
    const res = await hijack(staff.token, 'olivia owner');
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user._id).toBe(target.user._id);
    expect(user.impersonatedBy).toBe('Sam Staff');
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.json().user.email).toBe('owner@example.com');
    expect(me.json().user.impersonatedBy).toBe('Sam Staff');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.impersonate'));
    expect(entry).toMatchObject({ actorUserId: staff.user._id, targetUserId: target.user._id });
    // The staff member's own session is untouched: switching back works.
    const own = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(staff.token) });
    expect(own.json().user.email).toBe('staff@prospector.test');
  });

  it('says so when no user or several users have the name', async () => {
    const staff = await staffNamed('Sam Staff', '203.0.113.5');
    expect((await hijack(staff.token, 'Nobody Here')).statusCode).toBe(404);
    await named('a@example.com', 'Pat', '203.0.113.6');
    await named('b@example.com', 'Pat', '203.0.113.7');
    const res = await hijack(staff.token, 'Pat');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(serverMessages.auth.impersonationAmbiguous);
  });

  it("lets staff switch into a team's admin account by team id, audited", async () => {
    const staff = await staffNamed('Sam Staff', '203.0.113.8');
    const owner = await named('boss@example.com', 'Bea Boss', '203.0.113.9');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/switchToUser',
      headers: bearer(staff.token),
      payload: { teamId: owner.user.team._id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(owner.user._id);
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.switchToUser')),
    ).toHaveLength(1);
  });

  it('refuses switchToUser for non-staff and for a team that does not exist', async () => {
    const member = await named('m@example.com', 'Mo', '203.0.113.10');
    const staff = await staffNamed('Sam Staff', '203.0.113.11');
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/api/admin/switchToUser',
      headers: bearer(member.token),
      payload: { teamId: staff.user.team._id },
    });
    expect(asMember.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/switchToUser',
      headers: bearer(staff.token),
      payload: { teamId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('impersonation sessions (issue 36 item 5)', () => {
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  const logout = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
  const actions = async (action: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('an impersonated session stops working when the staff member who opened it logs out, audited', async () => {
    const staff = await staffNamed('Sam Staff', '203.0.113.20');
    const owner = await named('owner@example.com', 'Olivia Owner', '203.0.113.21');
    const opened = (await hijack(staff.token, 'Olivia Owner')).json();
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/admin/switchToUser',
      headers: bearer(staff.token),
      payload: { teamId: owner.user.team._id },
    });
    expect((await me(opened.token)).statusCode).toBe(200);
    expect((await logout(staff.token)).statusCode).toBe(200);
    expect((await me(opened.token)).statusCode).toBe(401);
    expect((await me(switched.json().token)).statusCode).toBe(401);
    const ended = await actions('admin.impersonationEnded');
    expect(ended).toHaveLength(2);
    expect(ended.every((e) => e.actorUserId === staff.user._id && e.targetUserId === owner.user._id)).toBe(
      true,
    );
  });

  it('an impersonated session lasts an hour, not thirty days', async () => {
    const staff = await staffNamed('Sam Staff', '203.0.113.22');
    await named('owner@example.com', 'Olivia Owner', '203.0.113.23');
    const opened = (await hijack(staff.token, 'Olivia Owner')).json();
    t.clock.advance(59 * 60 * 1000);
    expect((await me(opened.token)).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 1000);
    expect((await me(opened.token)).statusCode).toBe(401);
    expect((await me(staff.token)).statusCode).toBe(200);
    const [start] = await actions('admin.impersonate');
    expect(start!.details).toMatchObject({ until: expect.any(String) });
  });

  it('an impersonation whose hour runs out is audited as ended once, when its token comes back', async () => {
    const staff = await staffNamed('Sam Staff', '203.0.113.28');
    const owner = await named('owner@example.com', 'Olivia Owner', '203.0.113.29');
    const opened = (await hijack(staff.token, 'Olivia Owner')).json();
    t.clock.advance(30 * 60 * 1000);
    expect((await me(opened.token)).statusCode).toBe(200);
    expect(await actions('admin.impersonationEnded')).toHaveLength(0);
    t.clock.advance(31 * 60 * 1000);
    expect((await me(opened.token)).statusCode).toBe(401);
    expect((await me(opened.token)).statusCode).toBe(401);
    expect(await t.app.services.auth.endExpiredImpersonations()).toBe(0);
    // The staff member's logout later does not end it a second time.
    expect((await logout(staff.token)).statusCode).toBe(200);
    const ended = await actions('admin.impersonationEnded');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ actorUserId: staff.user._id, targetUserId: owner.user._id });
    expect(ended[0]!.details).toMatchObject({ reason: 'expired', endedAt: expect.any(String) });
    // Staff read it in the audit log like the other entries.
    const reader = await named('colleague@prospector.test', 'Cal Colleague', '203.0.113.30');
    await setUpSecondFactor(t, { headers: bearer(reader.token) });
    const log = await t.app.inject({ url: '/api/admin/audit', headers: bearer(reader.token) });
    const shown = log
      .json()
      .entries.filter((e: { action: string }) => e.action === 'admin.impersonationEnded');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      actor: 'Sam Staff <staff@prospector.test>',
      target: 'owner@example.com',
      details: { reason: 'expired' },
    });
  });

  it('the sweep audits impersonations that ran out unseen, once, however many processes sweep', async () => {
    const staff = await staffNamed('Sam Staff', '203.0.113.31');
    await named('owner@example.com', 'Olivia Owner', '203.0.113.32');
    await named('other@example.com', 'Oscar Other', '203.0.113.33');
    await hijack(staff.token, 'Olivia Owner');
    const live = (await hijack(staff.token, 'Oscar Other')).json();
    expect(await t.app.services.auth.endExpiredImpersonations()).toBe(0);
    t.clock.advance(61 * 60 * 1000);
    // A second process on the same database sweeps at the same moment.
    const other = await buildTestApp({ STAFF_EMAILS: ['staff@prospector.test'] }, { database: t.database });
    try {
      other.clock.set(t.clock.now());
      const swept = await Promise.all([
        t.app.services.auth.endExpiredImpersonations(),
        other.app.services.auth.endExpiredImpersonations(),
        t.app.services.auth.endExpiredImpersonations(),
        other.app.services.auth.endExpiredImpersonations(),
      ]);
      expect(swept.reduce((a, b) => a + b, 0)).toBe(2);
      expect((await me(live.token)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
    const ended = await actions('admin.impersonationEnded');
    expect(ended).toHaveLength(2);
    expect(ended.every((e) => (e.details as { reason?: string }).reason === 'expired')).toBe(true);
  });

  it("staff cannot switch into a colleague's team, or open a colleague's session by name", async () => {
    const staff = await staffNamed('Sam Staff', '203.0.113.24');
    const colleague = await named('colleague@prospector.test', 'Cal Colleague', '203.0.113.25');
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/admin/switchToUser',
      headers: bearer(staff.token),
      payload: { teamId: colleague.user.team._id },
    });
    expect(switched.statusCode).toBe(403);
    expect(switched.json().message).toBe(serverMessages.auth.impersonationOfStaff);
    expect((await hijack(staff.token, 'Cal Colleague')).statusCode).toBe(403);
    expect(await actions('admin.switchToUser')).toHaveLength(0);
  });

  it("'Switch back' is audited in the staff member's name and ends only the impersonated session", async () => {
    const staff = await staffNamed('Sam Staff', '203.0.113.26');
    const owner = await named('owner@example.com', 'Olivia Owner', '203.0.113.27');
    const opened = (await hijack(staff.token, 'Olivia Owner')).json();
    expect((await me(opened.token)).json().user).toMatchObject({
      isStaff: false,
      impersonatedBy: 'Sam Staff',
    });
    expect((await logout(opened.token)).statusCode).toBe(200);
    expect((await me(opened.token)).statusCode).toBe(401);
    expect((await me(staff.token)).statusCode).toBe(200);
    const [back] = await actions('admin.switchBack');
    expect(back).toMatchObject({ actorUserId: staff.user._id, targetUserId: owner.user._id });
    expect(await actions('auth.logout')).toHaveLength(0);
  });
});

describe('refusals in the audit log (issue 36 item 8)', () => {
  it('100 denied admin calls leave one entry that counts them, and past 30 the caller is answered 429', async () => {
    const mallory = await named('mallory@example.com', 'Mallory', '203.0.113.40');
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await hijack(mallory.token, 'Anyone')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const denied = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.denied'));
    expect(denied).toHaveLength(1);
    expect(denied[0]!.details).toMatchObject({ call: 'POST /api/admin/hijack' });
    // Staff read the entry with how many times it came.
    const staff = await staffNamed('Sam Staff', '203.0.113.41');
    const log = await t.app.inject({ url: '/api/admin/audit', headers: bearer(staff.token) });
    const entry = (log.json().entries as { action: string; details: object }[]).find(
      (e) => e.action === 'admin.denied',
    );
    expect(entry!.details).toMatchObject({ call: 'POST /api/admin/hijack', times: 100 });
  });

  it('a refusal in a new window is written again', async () => {
    const mallory = await named('mallory@example.com', 'Mallory', '203.0.113.42');
    await hijack(mallory.token, 'Anyone');
    await hijack(mallory.token, 'Anyone');
    t.clock.advance(10 * 60 * 1000);
    await hijack(mallory.token, 'Anyone');
    const denied = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.denied'));
    expect(denied).toHaveLength(2);
  });
});
