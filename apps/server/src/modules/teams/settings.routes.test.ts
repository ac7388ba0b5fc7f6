import { messages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

/** An admin of Acme, a member of Acme, and the admin of another team. */
async function setUp() {
  t = await buildTestApp();
  const admin = await insertTeamAdmin(t, 'admin@acme.test');
  const member = await insertMember(t, admin.teamId, 'mo@acme.test');
  const other = await insertTeamAdmin(t, 'admin@other.test');
  return { admin, member, other };
}

const patch = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers: user.headers, payload });
const teamRow = async (teamId: string) =>
  (await t.database.db.select().from(teams).where(eq(teams.id, teamId)))[0]!;
const me = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers })).json().user;

describe('GET /api/timezones/cities', () => {
  const search = (user: TestUser | null, q: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/timezones/cities?q=${encodeURIComponent(q)}`,
      ...(user ? { headers: user.headers } : {}),
    });

  it("answers Seattle with Pacific Time's zone, to any member, and a state narrows a city", async () => {
    const { member } = await setUp();
    const res = await search(member, 'Seattle');
    expect(res.statusCode).toBe(200);
    expect(res.json().cities[0]).toEqual({
      city: 'Seattle',
      region: 'Washington',
      country: 'United States of America',
      zone: 'America/Los_Angeles',
    });
    const portland = (await search(member, 'Portland, ME')).json().cities;
    expect(portland.map((c: { zone: string }) => c.zone)).toEqual(['America/New_York']);
  });

  it('finds nothing for an unknown place or a single letter, and refuses the signed-out', async () => {
    const { admin } = await setUp();
    expect((await search(admin, 'Atlantisville')).json()).toEqual({ cities: [] });
    expect((await search(admin, 'S')).json()).toEqual({ cities: [] });
    expect((await search(null, 'Seattle')).statusCode).toBe(401);
    expect((await search(admin, 'x'.repeat(101))).statusCode).toBe(400);
  });
});

describe('PATCH /api/users/updateTimezone', () => {
  const zone = (value: string) => ({ timezone: { value, text: `(UTC) ${value}` } });

  it("saves the team's time zone, which the current user then carries", async () => {
    const { admin, member, other } = await setUp();
    const res = await patch(admin, '/api/users/updateTimezone', zone('America/Los_Angeles'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ timezone: 'America/Los_Angeles' });
    expect((await me(member)).team.timezone).toBe('America/Los_Angeles');
    expect((await teamRow(other.teamId)).timezone).toBeNull();
  });

  it('refuses a name that is not an IANA zone, and an offset', async () => {
    const { admin } = await setUp();
    for (const value of ['Mars/Olympus_Mons', '+05:00', '']) {
      const res = await patch(admin, '/api/users/updateTimezone', zone(value));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.settings.invalidTimezone);
    }
    expect((await teamRow(admin.teamId)).timezone).toBeNull();
  });

  it('is refused to a member', async () => {
    const { admin, member } = await setUp();
    const res = await patch(member, '/api/users/updateTimezone', zone('Europe/Paris'));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_REQUIRED');
    expect((await teamRow(admin.teamId)).timezone).toBeNull();
  });
});

describe('PATCH /api/users/changeCountry', () => {
  it("saves the team's home country, which every member's session then carries", async () => {
    const { admin, member, other } = await setUp();
    expect((await me(member)).team.country).toBe('US');
    const res = await patch(admin, '/api/users/changeCountry', { country: 'GB' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ country: 'GB' });
    expect((await me(member)).team.country).toBe('GB');
    expect((await teamRow(other.teamId)).country).toBe('US');
  });

  it('refuses what is not a country libphonenumber knows, and saves nothing', async () => {
    const { admin } = await setUp();
    for (const country of ['UK', 'gb', 'USA', '']) {
      const res = await patch(admin, '/api/users/changeCountry', { country });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.settings.invalidCountry);
    }
    expect((await teamRow(admin.teamId)).country).toBe('US');
  });

  it('is refused to a member', async () => {
    const { admin, member } = await setUp();
    const res = await patch(member, '/api/users/changeCountry', { country: 'CA' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_REQUIRED');
    expect((await teamRow(admin.teamId)).country).toBe('US');
  });
});

describe('PATCH /api/users/changePpgl', () => {
  it('saves the daily texting limit, capping a larger one at 200', async () => {
    const { admin, other } = await setUp();
    expect((await patch(admin, '/api/users/changePpgl', { ppgl: 120 })).json()).toEqual({ ppgl: 120 });
    expect((await me(admin)).team.ppgl).toBe(120);
    const capped = await patch(admin, '/api/users/changePpgl', { ppgl: 5000 });
    expect(capped.json()).toEqual({ ppgl: 200 });
    expect((await teamRow(admin.teamId)).ppgl).toBe(200);
    expect((await teamRow(other.teamId)).ppgl).toBe(100);
  });

  it('refuses a limit that is not a number', async () => {
    const { admin } = await setUp();
    const res = await patch(admin, '/api/users/changePpgl', { ppgl: 'lots' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.settings.ppglNotNumber);
    expect((await teamRow(admin.teamId)).ppgl).toBe(100);
  });

  it('is refused to a member', async () => {
    const { admin, member } = await setUp();
    const res = await patch(member, '/api/users/changePpgl', { ppgl: 150 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_REQUIRED');
    expect((await teamRow(admin.teamId)).ppgl).toBe(100);
  });
});

describe('PATCH /api/teams/editProfile', () => {
  it('renames the company, trimmed, for the whole team only', async () => {
    const { admin, member, other } = await setUp();
    const res = await patch(admin, '/api/teams/editProfile', { name: '  Sierra Realty  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Sierra Realty' });
    expect((await me(member)).team.name).toBe('Sierra Realty');
    expect((await teamRow(other.teamId)).name).toBe('Unnamed Company');
  });

  it("says 'Company name must be +4 characters' when the name is empty or shorter than 3", async () => {
    const { admin } = await setUp();
    for (const name of ['', '  ', 'Ab']) {
      const res = await patch(admin, '/api/teams/editProfile', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.settings.companyNameTooShort);
    }
    expect((await patch(admin, '/api/teams/editProfile', { name: 'Abc' })).statusCode).toBe(200);
  });

  it('is refused to a member', async () => {
    const { admin, member } = await setUp();
    const res = await patch(member, '/api/teams/editProfile', { name: 'Mo Realty' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_REQUIRED');
    expect((await teamRow(admin.teamId)).name).toBe('Unnamed Company');
  });
});

describe('PATCH /api/users/updateSubUsers', () => {
  const url = '/api/users/updateSubUsers';

  it('saves the sub-users trimmed, drops rows without a name, and the whole team sees them', async () => {
    const { admin, member, other } = await setUp();
    const res = await patch(admin, url, {
      subUsers: [
        { name: ' Dana Cole ', phone: ' +1 (212) 555-0147 ' },
        { name: '   ', phone: 'not a phone' },
        { name: 'Eli Park', phone: '646.555.012345' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = [
      { name: 'Dana Cole', phone: '+1 (212) 555-0147' },
      { name: 'Eli Park', phone: '646.555.012345' },
    ];
    expect(res.json()).toEqual({ subUsers: saved });
    expect((await me(member)).team.subUsers).toEqual(saved);
    expect((await teamRow(other.teamId)).subUsers).toEqual([]);
  });

  it("says '* Not a valid phone number.' for a named row with a bad phone, and saves nothing", async () => {
    const { admin } = await setUp();
    await patch(admin, url, { subUsers: [{ name: 'Dana Cole', phone: '2125550147' }] });
    for (const phone of ['', '555-0147', '21255501', '+1 212 555 0147 99 88', 'call me']) {
      const res = await patch(admin, url, {
        subUsers: [
          { name: 'Eli Park', phone: '6465550123' },
          { name: 'Fay Lin', phone },
        ],
      });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().message).toBe(messages.team.invalidPhone);
      expect(res.json().fields).toEqual([{ path: 'subUsers.1.phone', message: messages.team.invalidPhone }]);
    }
    expect((await teamRow(admin.teamId)).subUsers).toEqual([{ name: 'Dana Cole', phone: '2125550147' }]);
  });

  it('is refused to a member', async () => {
    const { admin, member } = await setUp();
    const res = await patch(member, url, { subUsers: [{ name: 'Mo', phone: '2125550147' }] });
    expect(res.statusCode).toBe(403);
    expect((await teamRow(admin.teamId)).subUsers).toEqual([]);
  });
});
