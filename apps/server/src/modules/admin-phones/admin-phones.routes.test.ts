import { serverMessages } from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, callNumbers } from '../../db/schema/index.js';
import { createSimulatedVoice, createTwilioVoice, type VoiceProvider } from '../../providers/voice/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { setUpSecondFactor } from '../../test/staff.js';
import { insertTeamAdmin, insertMember, type TestUser } from '../../test/factories.js';

type Line = { voice: VoiceProvider; suspend(sid: string): void; close(): Promise<void> };

async function simulatedLine(): Promise<Line> {
  const voice = createSimulatedVoice();
  return {
    voice,
    suspend: (sid) => voice.setAccountStatus(sid, 'suspended'),
    close: () => Promise.resolve(),
  };
}

async function twilioLine(): Promise<Line> {
  const fake: FakeTwilio = await startFakeTwilio();
  const voice = createTwilioVoice({
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    apiKeySid: 'SK0123456789abcdef0123456789abcdef',
    apiKeySecret: 'key-secret-0123456789',
    apiUrl: fake.url,
    publicUrl: 'https://app.example.test',
  });
  return {
    voice,
    suspend: (sid) => {
      fake.subaccounts.find((a) => a.sid === sid)!.status = 'suspended';
    },
    close: () => fake.close(),
  };
}

describe.each([
  ['the simulated provider', simulatedLine],
  ['the Twilio adapter against its fake', twilioLine],
])('the suspension page with %s', (_name, makeLine) => {
  let line: Line;
  let t: TestApp;
  let staff: TestUser;
  let owner: TestUser;
  let other: TestUser;
  let sid: string;

  const call = (u: TestUser, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const teamNumbers = async (teamId: string) =>
    (await t.database.db.select().from(callNumbers).where(eq(callNumbers.teamId, teamId)))
      .map((n) => n.number)
      .sort();
  const actions = async (action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action as never));

  beforeAll(async () => {
    line = await makeLine();
    t = await buildTestApp({ STAFF_EMAILS: ['staff@prospector.test'] }, { voice: line.voice });
    staff = await insertTeamAdmin(t, 'staff@prospector.test', 'Sam Staff');
    await setUpSecondFactor(t, staff);
    owner = await insertTeamAdmin(t, 'olivia@acme.test', 'Olivia Owner');
    other = await insertTeamAdmin(t, 'otto@other.test', 'Otto Other');
    for (const [u, area] of [
      [owner, '212'],
      [owner, '212'],
      [owner, '305'],
      [other, '415'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/calls/buyNumber',
        headers: u.headers,
        payload: { areaCode: area },
      });
      expect(res.statusCode).toBe(200);
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it("lists every team's sub-account with its owner and its number count", async () => {
    const res = await call(staff, 'GET', '/api/admin/voiceAccounts');
    expect(res.statusCode).toBe(200);
    const { accounts } = res.json() as {
      accounts: { sid: string; team: { _id: string; owner: string }; phoneCount: number; status: string }[];
    };
    const mine = accounts.find((a) => a.team?._id === owner.teamId)!;
    expect(mine).toMatchObject({ status: 'active', phoneCount: 3, team: { owner: 'Olivia Owner' } });
    expect(accounts.find((a) => a.team?._id === other.teamId)!.phoneCount).toBe(1);
    sid = mine.sid;
  });

  it("shows a sid's numbers, and refuses everyone but staff with 'nope.'", async () => {
    const res = await call(staff, 'GET', `/api/admin/getSidPhones/${sid}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe('Olivia Owner');
    expect(body.phones.map((p: { number: string }) => p.number)).toEqual(await teamNumbers(owner.teamId));
    expect(
      body.phones.every(
        (p: { accSid: string; atProvider: boolean; onTeam: boolean }) =>
          p.accSid === sid && p.atProvider && p.onTeam,
      ),
    ).toBe(true);
    const refused = await call(owner, 'GET', `/api/admin/getSidPhones/${sid}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('nope.');
    expect((await call(staff, 'GET', '/api/admin/getSidPhones/ACnothere')).statusCode).toBe(404);
  });

  it('replaces numbers with new ones in the same area codes, for the same team', async () => {
    const before = await teamNumbers(owner.teamId);
    const res = await call(staff, 'PATCH', '/api/admin/replacePhones', { sid });
    expect(res.statusCode).toBe(200);
    const { replaced, message } = res.json() as { replaced: { from: string; to: string }[]; message: string };
    expect(message).toBe(serverMessages.adminPhones.replaced);
    expect(replaced.map((r) => r.from).sort()).toEqual(before);
    for (const r of replaced) {
      expect(r.to).not.toBe(r.from);
      expect(r.to.slice(0, 5)).toBe(r.from.slice(0, 5));
    }
    const after = await teamNumbers(owner.teamId);
    expect(after).toEqual(replaced.map((r) => r.to).sort());
    const atProvider = (await line.voice.listNumbers(sid)).map((n) => n.number).sort();
    expect(atProvider).toEqual(after);
    expect(await actions('admin.replacePhones')).toHaveLength(1);
  });

  it('removes chosen numbers: released at the provider and dropped from the team, audited', async () => {
    const view = (await call(staff, 'GET', `/api/admin/getSidPhones/${sid}`)).json() as {
      phones: { sid: string; number: string }[];
    };
    const first = view.phones[0]!;
    const res = await call(staff, 'PATCH', '/api/admin/removePhones', { sid, phones: [first.sid] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(serverMessages.adminPhones.removed);
    expect(res.json().result.phones).toHaveLength(2);
    expect(await teamNumbers(owner.teamId)).not.toContain(first.number);
    expect((await line.voice.listNumbers(sid)).map((n) => n.number)).not.toContain(first.number);
    const [entry] = await actions('admin.removePhones');
    expect(entry).toMatchObject({ actorUserId: staff.userId, teamId: owner.teamId });
    expect(entry!.details).toMatchObject({ sid, released: [first.number], refused: [] });
  });

  it("says 'CAN NOT REMOVE…' naming the team owner when the provider refuses, and force remove drops them anyway", async () => {
    line.suspend(sid);
    const held = await teamNumbers(owner.teamId);
    expect(held).toHaveLength(2);
    const res = await call(staff, 'PATCH', '/api/admin/removePhones', { sid });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('CAN NOT REMOVE. TRY FORCE REMOVE AND LET Olivia Owner KNOW');
    expect(await teamNumbers(owner.teamId)).toEqual(held);

    const forced = await call(staff, 'PATCH', '/api/admin/forceRemovePhones', { sid });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().message).toBe('The phones were force removed. Let Olivia Owner know.');
    expect(forced.json().notReleased.sort()).toEqual(held);
    expect(await teamNumbers(owner.teamId)).toEqual([]);
    // Still rented at the provider (it refused), no longer the team's.
    const after = (await call(staff, 'GET', `/api/admin/getSidPhones/${sid}`)).json() as {
      phones: { atProvider: boolean; onTeam: boolean }[];
    };
    expect(after.phones).toHaveLength(2);
    expect(after.phones.every((p) => p.atProvider && !p.onTeam)).toBe(true);
    expect(await actions('admin.forceRemovePhones')).toHaveLength(1);
  });

  it("never touches another team's numbers", async () => {
    expect(await teamNumbers(other.teamId)).toHaveLength(1);
  });

  it('refuses a member of a team, even with every permission', async () => {
    const member = await insertMember(t, owner.teamId, 'mo@acme.test', { permissions: ['phones', 'kpis'] });
    for (const [method, url, payload] of [
      ['GET', '/api/admin/voiceAccounts', undefined],
      ['PATCH', '/api/admin/removePhones', { sid }],
      ['PATCH', '/api/admin/forceRemovePhones', { sid }],
      ['PATCH', '/api/admin/replacePhones', { sid }],
    ] as const) {
      const res = await call(member, method, url, payload);
      expect(res.statusCode).toBe(403);
    }
  });
});
