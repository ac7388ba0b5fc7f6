import { messages, serverMessages } from '@prospector/core';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, campaigns, devices, smsJobs, teams } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { setUpSecondFactor } from '../../test/staff.js';

const NOW = new Date('2026-03-10T15:00:00Z');
const DAY = 86_400_000;
let t: TestApp;
let staff: TestUser;
let acme: TestUser;
let beta: TestUser;
beforeEach(async () => {
  t = await buildTestApp({ STAFF_EMAILS: ['staff@prospector.test'] });
  t.clock.set(NOW);
  staff = await insertTeamAdmin(t, 'staff@prospector.test', 'Sam Staff');
  await setUpSecondFactor(t, staff);
  acme = await insertTeamAdmin(t, 'owner@acme.test', 'Olivia Owner');
  beta = await insertTeamAdmin(t, 'boss@beta.test', 'Bea Boss');
  await t.database.db.update(teams).set({ name: 'Acme Homes' }).where(eq(teams.id, acme.teamId));
  await t.database.db.update(teams).set({ name: 'Beta Realty' }).where(eq(teams.id, beta.teamId));
});
afterEach(async () => {
  await t.close();
});

const panel = async (query = '') => {
  const res = await t.app.inject({ url: `/api/admin/panel${query}`, headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const act = (method: 'PATCH' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: staff.headers, payload });

async function device(teamId: string, value: string, connected: boolean) {
  const [d] = await t.database.db
    .insert(devices)
    .values({ teamId, kind: 'android', value, connected, createdAt: NOW })
    .returning();
  return d!.id;
}

/** Jobs as the device reports would leave them: `states` in order, created `daysAgo`. */
async function jobs(
  teamId: string,
  deviceId: string,
  daysAgo: number,
  states: ('sent' | 'failed' | 'queued')[],
) {
  await t.database.db.insert(smsJobs).values(
    states.map((s, i) => ({
      teamId,
      deviceId,
      fromValue: '+19175550100',
      to: `+1212555${String(1000 + i)}`,
      body: 'Hello',
      state: 'queued' as const,
      nextAttemptAt: NOW,
      createdAt: new Date(NOW.getTime() - daysAgo * DAY),
    })),
  );
  // Through the states one statement at a time, as the reports move them (the rollup follows updates).
  await t.database.db.execute(
    sql`update sms_jobs set state = 'offered' where team_id = ${teamId} and state = 'queued'`,
  );
  const rows = await t.database.db.select().from(smsJobs).where(eq(smsJobs.teamId, teamId));
  const fresh = rows.filter((r) => r.state === 'offered').sort((a, b) => a.to.localeCompare(b.to));
  for (const [i, s] of states.entries())
    await t.database.db.update(smsJobs).set({ state: s }).where(eq(smsJobs.id, fresh[i]!.id));
}

describe('the admin panel', () => {
  it('lists every team with owner, plan, credits to 2 decimals, members, devices and texts over the period', async () => {
    await insertMember(t, acme.teamId, 'pat@acme.test');
    const phone = await device(acme.teamId, '+19175550100', true);
    await device(acme.teamId, '+19175550101', false);
    await jobs(acme.teamId, phone, 0, ['sent', 'sent', 'failed', 'queued']);
    await jobs(acme.teamId, phone, 40, ['failed', 'failed']);
    await act('PATCH', '/api/admin/addCredits', { teamId: acme.teamId, amount: 12.3456 });
    const { teams: rows, total, kpis } = await panel('?sort=name&dir=asc');
    expect(total).toBe(3);
    const row = rows.find((r: { _id: string }) => r._id === acme.teamId);
    expect(row).toMatchObject({
      name: 'Acme Homes',
      email: 'owner@acme.test',
      owner: 'Olivia Owner',
      plan: 'PRO',
      credits: 12.35,
      members: 2,
      devicesConnected: 1,
      devicesTotal: 2,
      smsOut: 3,
      smsBlocked: 1,
      blockRate: 33.33,
      activeCampaigns: 0,
      suspended: false,
    });
    expect(kpis).toMatchObject({ teams: 3, smsOut: 3, smsBlocked: 1, blockRate: 33.33 });
    // Over 90 days the older failures count too.
    const wide = (await panel('?period=90d')).teams.find((r: { _id: string }) => r._id === acme.teamId);
    expect(wide).toMatchObject({ smsOut: 5, smsBlocked: 3, blockRate: 60 });
  });

  it('searches by team, owner name or e-mail, sorts by any figure, and pages', async () => {
    expect((await panel('?search=beta')).teams.map((r: { name: string }) => r.name)).toEqual(['Beta Realty']);
    expect((await panel('?search=olivia')).teams.map((r: { name: string }) => r.name)).toEqual([
      'Acme Homes',
    ]);
    expect((await panel('?search=100%25')).teams).toEqual([]);
    const phone = await device(beta.teamId, '+19175550102', true);
    await jobs(beta.teamId, phone, 1, ['sent', 'sent']);
    const bySent = await panel('?sort=smsOut&dir=desc');
    expect(bySent.teams[0].name).toBe('Beta Realty');
    const byName = await panel('?sort=name&dir=asc');
    expect(byName.teams.map((r: { name: string }) => r.name)).toEqual([
      'Acme Homes',
      'Beta Realty',
      'Unnamed Company',
    ]);
    for (let i = 0; i < 25; i++)
      await t.database.db.insert(teams).values({ name: `Filler ${String(i).padStart(2, '0')}` });
    const second = await panel('?sort=name&dir=asc&page=2');
    expect(second.total).toBe(28);
    expect(second.teams).toHaveLength(3);
  });

  it("shows only teams with active campaigns when asked, and none is the spec's 'nope.' case", async () => {
    expect((await panel('?onlyActiveCampaigns=true')).teams).toEqual([]);
    await t.database.db.insert(campaigns).values({
      teamId: beta.teamId,
      name: 'Spring',
      listIds: [],
      statusIds: [],
      weekDays: [1, 2, 3, 4, 5],
      startHour: 9,
      endHour: 18,
      startDate: NOW,
      timezone: 'America/New_York',
      groupIds: [],
      deviceIds: [],
      createdAt: NOW,
    });
    const active = await panel('?onlyActiveCampaigns=true');
    expect(active.teams.map((r: { name: string }) => r.name)).toEqual(['Beta Realty']);
    expect(active.kpis.activeCampaigns).toBe(1);
    const paused = await act('PATCH', '/api/admin/pauseCampaigns', { teamId: beta.teamId });
    expect(paused.json()).toMatchObject({ paused: 1, message: 'Paused 1 campaigns.' });
    expect((await panel('?onlyActiveCampaigns=true')).teams).toEqual([]);
  });
});

describe("the admin panel's totals, where figures are kept in a snapshot as in production", () => {
  /** The app again, with the snapshot kept `snapshotMs` (tests elsewhere read it fresh every time). */
  async function withSnapshot(snapshotMs: number) {
    await t.close();
    t = await buildTestApp({ STAFF_EMAILS: ['staff@prospector.test'], ADMIN_PANEL_SNAPSHOT_MS: snapshotMs });
    t.clock.set(NOW);
    staff = await insertTeamAdmin(t, 'staff@prospector.test', 'Sam Staff');
    await setUpSecondFactor(t, staff);
    acme = await insertTeamAdmin(t, 'owner@acme.test', 'Olivia Owner');
  }

  it('agree with the rows on the page, however new the snapshot is', async () => {
    await withSnapshot(10 * 60_000);
    expect((await panel()).kpis.smsOut).toBe(0);
    const phone = await device(acme.teamId, '+19175550100', true);
    await jobs(acme.teamId, phone, 0, ['sent', 'sent', 'failed']);
    const { teams: rows, kpis } = await panel();
    const row = rows.find((r: { _id: string }) => r._id === acme.teamId);
    expect(row).toMatchObject({ smsOut: 3, smsBlocked: 1 });
    expect(kpis).toMatchObject({ smsOut: 3, smsBlocked: 1, blockRate: 33.33 });
  });

  it('are never older than the snapshot time on a first visit after a while, rows on the page or not', async () => {
    await withSnapshot(1);
    expect((await panel('?page=2')).kpis.smsOut).toBe(0);
    const phone = await device(acme.teamId, '+19175550100', true);
    await jobs(acme.teamId, phone, 0, ['sent', 'sent']);
    await new Promise((r) => setTimeout(r, 20));
    const later = await panel('?page=2');
    expect(later.teams).toEqual([]);
    expect(later.kpis.smsOut).toBe(2);
  });
});

describe('team actions', () => {
  it('suspends and lifts a suspension; the members see why', async () => {
    const res = await act('PATCH', '/api/admin/suspend', { teamId: acme.teamId, reason: 'Unpaid invoice' });
    expect(res.json()).toMatchObject({ suspended: true, message: serverMessages.admin.teamSuspended });
    const me = await t.app.inject({ url: '/api/users/me', headers: acme.headers });
    expect(me.json().user.team.suspension).toMatchObject({ reason: 'Unpaid invoice' });
    expect((await panel('?search=acme')).teams[0]).toMatchObject({
      suspended: true,
      suspendedReason: 'Unpaid invoice',
    });
    const lifted = await act('PATCH', '/api/admin/suspend', { teamId: acme.teamId });
    expect(lifted.json()).toMatchObject({ suspended: false, message: serverMessages.admin.teamUnsuspended });
    const after = await t.app.inject({ url: '/api/users/me', headers: acme.headers });
    expect(after.json().user.team.suspension).toBeNull();
  });

  it('creates a team for an address and mails its owner a login code; an address with an account is refused', async () => {
    const res = await act('POST', '/api/admin/createTeam', { email: 'New.Owner@Gamma.test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Team created. We sent a login code to new.owner@gamma.test.');
    const code = await t.smtp.codeFor('new.owner@gamma.test', 1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'new.owner@gamma.test', code },
    });
    expect(login.json().user).toMatchObject({ role: 'admin', team: { _id: res.json().teamId } });
    const again = await act('POST', '/api/admin/createTeam', { email: 'owner@acme.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(serverMessages.admin.emailHasAccount);
  });

  it('the team staff made for an owner wins over a newer invitation, and the login says so (issue 36 item 9)', async () => {
    const made = await act('POST', '/api/admin/createTeam', { email: 'pat@delta.test' });
    expect(made.statusCode, made.body).toBe(200);
    t.clock.advance(60_000);
    const invited = await t.app.inject({
      method: 'PATCH',
      url: '/api/teams/addMember',
      headers: beta.headers,
      payload: { name: 'Pat', email: 'pat@delta.test', phone: '', permissions: [], dataAccess: 'All data' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const code = await t.smtp.codeFor('pat@delta.test', 1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'pat@delta.test', code },
    });
    expect(login.json().user).toMatchObject({ role: 'admin', team: { _id: made.json().teamId } });
    expect(login.json().notice).toBe(
      messages.auth.otherInvitations.replace('{team}', 'Unnamed Company').replace('{others}', 'Beta Realty'),
    );
  });
});

describe('the audit log', () => {
  it('records who did what to which team, when and from where, and staff can read it', async () => {
    const steps: [method: 'PATCH' | 'POST', url: string, payload: object][] = [
      ['PATCH', '/api/admin/suspend', { teamId: acme.teamId, reason: 'Spam' }],
      ['PATCH', '/api/admin/pauseCampaigns', { teamId: acme.teamId }],
      ['PATCH', '/api/admin/addCredits', { teamId: acme.teamId, amount: 5 }],
      ['POST', '/api/admin/switchToUser', { teamId: acme.teamId }],
      ['POST', '/api/admin/createTeam', { email: 'fresh@delta.test' }],
    ];
    for (const [method, url, payload] of steps) {
      t.clock.advance(1000);
      expect((await act(method, url, payload)).statusCode).toBe(200);
    }
    const res = await t.app.inject({ url: `/api/admin/audit?teamId=${acme.teamId}`, headers: staff.headers });
    const entries = res.json().entries as { action: string; actor: string; team: string; ip: string }[];
    expect(entries.map((e) => e.action)).toEqual([
      'admin.switchToUser',
      'admin.addCredits',
      'admin.pauseCampaigns',
      'admin.suspend',
    ]);
    for (const e of entries)
      expect(e).toMatchObject({
        actor: 'Sam Staff <staff@prospector.test>',
        team: 'Acme Homes',
        ip: '127.0.0.1',
      });
    const all = (await t.app.inject({ url: '/api/admin/audit', headers: staff.headers })).json();
    expect(all.entries.map((e: { action: string }) => e.action)).toContain('admin.createTeam');
  });

  it("keeps the note typed with a credit grant, and lists 'Switch back' when staff leave a team (issue 30 item 22)", async () => {
    const granted = await act('PATCH', '/api/admin/addCredits', {
      teamId: acme.teamId,
      amount: 5,
      note: 'Refund for the outage on 3 March',
    });
    expect(granted.statusCode).toBe(200);
    t.clock.advance(1000);
    const opened = await act('POST', '/api/admin/switchToUser', { teamId: acme.teamId });
    t.clock.advance(1000);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${opened.json().token}` },
    });
    expect(back.statusCode).toBe(200);
    const res = await t.app.inject({ url: `/api/admin/audit?teamId=${acme.teamId}`, headers: staff.headers });
    const entries = res.json().entries as { action: string; actor: string; details: object }[];
    expect(entries.map((e) => e.action)).toEqual([
      'admin.switchBack',
      'admin.switchToUser',
      'admin.addCredits',
    ]);
    expect(entries[0]!.actor).toBe('Sam Staff <staff@prospector.test>');
    expect(entries[2]!.details).toMatchObject({ note: 'Refund for the outage on 3 March' });
  });

  it('refuses every edit in the database itself: UPDATE, DELETE and TRUNCATE', async () => {
    await act('PATCH', '/api/admin/suspend', { teamId: acme.teamId });
    const before = await t.database.db.select().from(auditLog);
    await expect(t.database.db.update(auditLog).set({ action: 'tampered' })).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'tampered'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before.length);
  });
});
