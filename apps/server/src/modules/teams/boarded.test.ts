import { messages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { devices, teams, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const send = (user: TestUser, method: 'PATCH' | 'PUT', url: string, payload: object = {}) =>
  t.app.inject({ method, url, headers: user.headers, payload });
const finish = (user: TestUser) => send(user, 'PATCH', '/api/users/boarded');
const me = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers })).json().user;
const onboarded = async (teamId: string) =>
  (await t.database.db.select().from(teams).where(eq(teams.id, teamId)))[0]!.onboarded;

async function expectRefused(user: TestUser, message: string) {
  const res = await finish(user);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(message);
}

/** An Android phone whose agent pinged just now (what the device gateway records). */
async function connectPhone(teamId: string) {
  await t.database.db.insert(devices).values({
    teamId,
    kind: 'android',
    value: '+19165550150',
    connected: true,
    pingedAt: t.clock.now(),
    createdAt: t.clock.now(),
  });
}

describe('PATCH /api/users/boarded', () => {
  it('refuses each unmet gate in step order with its message, then onboards the team', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    await t.database.db.update(users).set({ name: '' }).where(eq(users.id, admin.userId));

    await expectRefused(admin, messages.onboarding.companyNameRequired);
    expect((await send(admin, 'PATCH', '/api/teams/editProfile', { name: 'Sierra Realty' })).statusCode).toBe(
      200,
    );

    await expectRefused(admin, messages.onboarding.userNameRequired);
    await t.database.db.update(users).set({ name: 'Ada Admin' }).where(eq(users.id, admin.userId));

    await expectRefused(admin, messages.onboarding.timezoneRequired);
    const zone = { timezone: { value: 'America/Los_Angeles', text: '(UTC−08:00) America/Los_Angeles' } };
    expect((await send(admin, 'PATCH', '/api/users/updateTimezone', zone)).statusCode).toBe(200);

    await expectRefused(admin, messages.onboarding.deviceRequired);
    await connectPhone(admin.teamId);

    await expectRefused(admin, messages.onboarding.templateRequired);
    const group = (await send(admin, 'PUT', '/api/templates/addGroup', { name: 'First touch' })).json();
    await expectRefused(admin, messages.onboarding.templateRequired);
    const tpl = { text: 'Hello there, a quick question', groupId: group._id };
    expect((await send(admin, 'PUT', '/api/templates/addTemplate', tpl)).statusCode).toBe(200);

    await expectRefused(admin, messages.onboarding.statusRequired);
    expect((await send(admin, 'PUT', '/api/settings/addStatus', { text: 'Interested' })).statusCode).toBe(
      200,
    );

    expect(await onboarded(admin.teamId)).toBe(false);
    const res = await finish(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Ada Admin',
      team: { name: 'Sierra Realty', onboarded: true, timezone: 'America/Los_Angeles' },
    });
    expect(await onboarded(admin.teamId)).toBe(true);
    expect((await me(admin)).team.onboarded).toBe(true);
  });

  it('counts a phone as connected only while its last ping is fresh', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    await send(admin, 'PATCH', '/api/teams/editProfile', { name: 'Sierra Realty' });
    await send(admin, 'PATCH', '/api/users/updateTimezone', { timezone: { value: 'UTC', text: 'UTC' } });
    await connectPhone(admin.teamId);
    t.clock.advance(31_000);
    await expectRefused(admin, messages.onboarding.deviceRequired);
  });

  it('is refused to a member, and leaves the team not onboarded', async () => {
    t = await buildTestApp();
    const admin = await insertTeamAdmin(t, 'admin@acme.test');
    const member = await insertMember(t, admin.teamId, 'mo@acme.test');
    const res = await finish(member);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.onboarding.adminOnly);
    expect(await onboarded(admin.teamId)).toBe(false);
  });
});
