import * as core from '@prospector/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from './app.js';
import { insertTeamAdmin, type TestUser } from './factories.js';
import { setUpSecondFactor } from './staff.js';

/**
 * Every staff call of the contract (`staff: true`, collected from core, so a new one is covered the
 * day it lands): everyone else gets 403 'nope.', staff without a fresh second factor 401 'Second
 * factor required', and staff with it get past the guard (the positive control).
 */
const STAFF_ENDPOINTS = Object.values(core as Record<string, unknown>).filter(
  (e): e is core.Endpoint =>
    !!e &&
    typeof e === 'object' &&
    'method' in e &&
    'path' in e &&
    'response' in e &&
    (e as core.Endpoint).staff === true,
);
const ANY_ID = '00000000-0000-4000-8000-000000000000';
const urlOf = (e: core.Endpoint) => e.path.replace(/:\w+/g, ANY_ID);
const call = (t: TestApp, e: core.Endpoint, who: TestUser) =>
  t.app.inject({
    method: e.method,
    url: urlOf(e),
    headers: who.headers,
    ...(e.method === 'GET' ? {} : { payload: {} }),
  });

let t: TestApp;
let member: TestUser;
let teamAdmin: TestUser;
let staff: TestUser;
let verifiedStaff: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ STAFF_EMAILS: ['staff@prospector.test'] });
  teamAdmin = await insertTeamAdmin(t, 'owner@acme.test');
  member = await insertTeamAdmin(t, 'someone@else.test');
  verifiedStaff = await insertTeamAdmin(t, 'staff@prospector.test', 'Sam Staff');
  await setUpSecondFactor(t, verifiedStaff);
  staff = await insertTeamAdmin(t, 'staff@prospector.test', 'Sam Staff');
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the staff sweep', () => {
  it('covers every admin route the app registers, and each is marked staff in the contract', () => {
    const staffRoutes = new Set(STAFF_ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    expect(staffRoutes.size).toBeGreaterThanOrEqual(12);
    const adminRoutes = t.app.routeList
      .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(adminRoutes.filter((r) => !staffRoutes.has(r))).toEqual([]);
    const registered = new Set(t.app.routeList.map((r) => `${r.method} ${r.url}`));
    expect([...staffRoutes].filter((r) => !registered.has(r))).toEqual([]);
  });

  it("answers 403 'nope.' to a team admin and to any other user on every staff route, and audits each refusal", async () => {
    for (const who of [teamAdmin, member]) {
      for (const e of STAFF_ENDPOINTS) {
        const res = await call(t, e, who);
        expect({
          route: `${e.method} ${e.path}`,
          status: res.statusCode,
          message: res.json().message,
        }).toEqual({
          route: `${e.method} ${e.path}`,
          status: 403,
          message: core.messages.admin.nope,
        });
      }
      const denied = await t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, who.userId));
      expect(denied.filter((d) => d.action === 'admin.denied')).toHaveLength(STAFF_ENDPOINTS.length);
    }
  });

  it("answers 401 'Second factor required' to staff without it on every staff route but the second factor's own", async () => {
    for (const e of STAFF_ENDPOINTS) {
      const res = await call(t, e, staff);
      if (e.secondFactorStep) expect(res.statusCode, `${e.method} ${e.path}`).not.toBe(401);
      else
        expect({ route: `${e.method} ${e.path}`, status: res.statusCode, body: res.json() }).toMatchObject({
          status: 401,
          body: { code: core.SECOND_FACTOR_REQUIRED, message: core.messages.admin.secondFactorRequired },
        });
    }
  });

  it('lets staff with a fresh second factor past the guard on every staff route (the control)', async () => {
    for (const e of STAFF_ENDPOINTS) {
      const res = await call(t, e, verifiedStaff);
      expect([401, 403], `${e.method} ${e.path}: ${res.statusCode} ${res.body}`).not.toContain(
        res.statusCode,
      );
    }
  });
});
