import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../lib/auth-context.js';
import { createSimulatedVoice } from '../../providers/voice/index.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertMember, insertTeamAdmin, type TestUser } from '../../test/factories.js';
import { insertCallableContacts } from './calls.test-support.js';

/*
 * Issue 32 item 3, ADR 038: a team may make its texting and calling hours stricter than the law, never
 * looser, and the dialler keeps them. The test clock stands at 2026-01-05 15:00 UTC: 10:00 in New York.
 */

const zones = () => Promise.resolve(['America/New_York']);
let t: TestApp;
let admin: TestUser;
let ana: TestUser;

beforeAll(async () => {
  t = await buildTestApp({}, { voice: createSimulatedVoice({ playMs: 5, cancelMs: 5 }), phoneZones: zones });
  admin = await insertTeamAdmin(t, 'lead@hours.test');
  await t.app.services.plans.setPlan(admin.teamId, 'PRO');
  ana = await insertMember(t, admin.teamId, 'ana@hours.test', {
    name: 'Ana',
    permissions: ['calls'],
    dataAccess: 'All data',
  });
  const auth = (await t.app.services.auth.authenticate(admin.token)) as AuthContext;
  expect((await t.app.services.calls.buyNumber(auth, '212')).ok).toBe(true);
}, 60_000);
afterAll(() => t.close());

const setHours = (body: object, as = admin) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/changeContactHours', headers: as.headers, payload: body });
const hours = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/users/contactHours', headers: ana.headers })).json();

describe("a team's own calling and texting hours", () => {
  it('keeps the dialler from calling before the team starts, and says until when', async () => {
    const { ids } = await insertCallableContacts(t.database.db, admin.teamId, [{ value: '+12125554001' }]);
    await t.app.services.calls.enqueue(admin.teamId, ana.userId, ids, null);
    const waiting = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/calls/dialler', headers: ana.headers })).json().waiting;
    expect((await waiting()).callable).toBe(1);

    const res = await setHours({ startHour: 11, endHour: 18 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ startHour: 11, endHour: 18 });
    expect(await hours()).toEqual({ startHour: 11, endHour: 18 });
    // 11:00 in New York is 16:00 UTC.
    expect(await waiting()).toMatchObject({
      callable: 0,
      groups: [{ reason: 'quietHours', count: 1, until: '2026-01-05T16:00:00.000Z', law: 'TEAM' }],
    });
    await setHours({ startHour: null, endHour: null });
    expect((await waiting()).callable).toBe(1);
  });

  it('refuses hours looser than the law with the reason, and changes nothing', async () => {
    expect((await setHours({ startHour: 9, endHour: 19 })).statusCode).toBe(200);
    const early = await setHours({ startHour: 7, endHour: 19 });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(
      "Your hours can only be stricter than the law: texts and calls may not start before 8:00 (federal law, 8:00–21:00 in the contact's time).",
    );
    const late = await setHours({ startHour: 9, endHour: 22 });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/may not go on after 21:00/);
    expect((await setHours({ startHour: 15, endHour: 10 })).json().message).toBe(
      'The end of your hours must come after their start.',
    );
    expect((await setHours({ startHour: 9.5, endHour: 19 })).statusCode).toBe(400);
    expect(await hours()).toEqual({ startHour: 9, endHour: 19 });
  });

  it('is changed by admins only', async () => {
    expect((await setHours({ startHour: 10, endHour: 17 }, ana)).statusCode).toBe(403);
    expect((await hours()).startHour).not.toBe(10);
  });
});
