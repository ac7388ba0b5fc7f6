import * as core from '@prospector/core';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.js';
import { createStripeConnect } from '../providers/payouts/index.js';
import { startFakeGoogleMaps, type FakeGoogleMaps } from './fake-google-maps.js';
import { startFakeStripeConnect, type FakeStripeConnect } from './fake-stripe-connect.js';
import { insertMember, insertTeamAdmin, type TestUser } from './factories.js';
import {
  callRoute,
  digests,
  requestFor,
  stopBackgroundWork,
  sweepRoutes,
  teamTables,
  type SweepRoute,
} from './route-sweep.js';
import { seedTeam, type SeededTeam } from './seed-team.js';

/**
 * Tenant isolation, proven over every route the app registers (read from Fastify, so a new route is
 * covered without touching this file): a member of team B calls each one with team A's ids wherever a
 * path parameter or a body field takes an id, and with B's own session. No answer may carry A's data,
 * and A's rows must be byte for byte the same afterwards. Two controls show the sweep can fail: A's own
 * admin sending the same requests succeeds on all but the routes listed below, and a route planted to
 * ignore the caller's team is caught.
 */

const STAFF_ONLY =
  'staff only (ADR 004, ADR 025): no team admin may call it; staff-sweep.test.ts covers staff';
/** Every `staff: true` call of the contract, so a new admin call is listed the day it lands. */
const STAFF_ROUTES = Object.values(core as Record<string, unknown>)
  .filter(
    (e): e is core.Endpoint =>
      !!e && typeof e === 'object' && 'path' in e && (e as core.Endpoint).staff === true,
  )
  .map((e) => `${e.method} ${e.path}`);
const PAYMENTS =
  'payments need Stripe’s keys and a card (ADR 019): payments.routes.test.ts covers the admin against the fake';
/** Routes A's own admin cannot succeed on either, and why: there the sweep proves nothing. */
const OWNER_REFUSED: Record<string, string> = {
  'GET /api/calls/vmPublic/:id':
    "the voice provider's signed link, not a team's call: calls.routes.test.ts covers it",
  ...Object.fromEntries(STAFF_ROUTES.map((r) => [r, STAFF_ONLY])),
  'GET /api/chats/support': 'staff only (ADR 024): chats.routes.test.ts covers staff',
  'POST /api/affiliates/withdraw':
    'moves the caller’s own affiliate earnings, which A’s admin has none of: affiliates.*.test.ts cover it',
  'POST /api/affiliates/loadAccount':
    'moves the caller’s own affiliate earnings, which A’s admin has none of: affiliates.*.test.ts cover it',
  'POST /api/calls/leaveVm': 'needs a live call that reached a machine: calls.routes.test.ts covers it',
  'POST /api/calls/answerInbound':
    'needs an inbound call ringing the caller: dialler.inbound.test.ts covers it, and another member',
  'POST /api/calls/declineInbound':
    'needs an inbound call ringing the caller: dialler.inbound.test.ts covers it',
  'PATCH /api/calls/unqueue':
    'POST /api/calls/new, swept first, dialled the queued contact, which may then not be unqueued: calls.routes.test.ts covers it',
  ...Object.fromEntries(
    [
      'POST /api/billing/setupIntent',
      'PATCH /api/billing/changeCard',
      'POST /api/billing/subscribe',
      'POST /api/billing/cancelSubscription',
      'POST /api/billing/addCredits',
    ].map((r) => [r, PAYMENTS]),
  ),
  'POST /api/billing/webhook': 'Stripe’s, signed, no session (ADR 019): webhooks.test.ts covers it',
  // The SMS Gateway app's mobile API answers the phone's own token or code, never a member's session.
  ...Object.fromEntries(
    [
      'POST /api/mobile/v1/device',
      'GET /api/mobile/v1/device',
      'PATCH /api/mobile/v1/device',
      'GET /api/mobile/v1/message',
      'PATCH /api/mobile/v1/message',
      'GET /api/mobile/v1/messages',
      'PATCH /api/mobile/v1/messages',
      'GET /api/mobile/v1/webhooks',
      'GET /api/mobile/v1/settings',
      'GET /api/mobile/v1/events',
      'GET /api/mobile/v1/user/code',
      'PATCH /api/mobile/v1/user/password',
      'POST /api/mobile/v1/webhooks/:deviceId',
    ].map((r) => [r, "the phone's token, code or signature, no session: sms-gateway.test.ts covers it"]),
  ),
  'POST /api/remote/bluebubbles/:deviceId/:secret':
    "BlueBubbles' webhook: the secret in its path, no session; remote-devices.test.ts covers it",
  // Adding a device the server calls checks it first, at the address given: the sweep's generated
  // address answers nothing, so nothing is added. remote-devices.test.ts adds them against local fakes.
  'POST /api/services/addBlueBubbles': 'checks the Mac at its address first: remote-devices.test.ts',
  'POST /api/services/addLocalSmsGateway': 'checks the phone at its address first: remote-devices.test.ts',
};
// Counts when this was written: fewer means the request builder regressed.
/** Routes A's admin succeeds on. */
const OWNER_SUCCEEDS_AT_LEAST = 96;
/** Of those, answers carrying A's data: ignoring the caller's team, these routes are caught by the answer alone. */
const OWNER_ANSWERS_WITH_DATA_AT_LEAST = 49;

let t: TestApp;
let maps: FakeGoogleMaps;
let stripe: FakeStripeConnect;
let a: SeededTeam;
let b: TestUser;
let bMember: TestUser;

beforeAll(async () => {
  // Addresses reach a local fake of the maps service, so the maps routes answer past "not configured".
  maps = await startFakeGoogleMaps();
  // Payouts reach a local fake of Stripe Connect, so the affiliate routes answer past "not configured".
  stripe = await startFakeStripeConnect();
  t = await buildTestApp(
    { GOOGLE_MAPS_KEY: maps.key, GOOGLE_MAPS_URL: maps.url, STRIPE_SECRET_KEY: stripe.secretKey },
    {
      payouts: createStripeConnect({
        secretKey: stripe.secretKey,
        apiBase: stripe.url,
        maxNetworkRetries: 0,
      }),
    },
  );
  await stopBackgroundWork(t);
  a = await seedTeam(t);
  b = await insertTeamAdmin(t, 'bob@beta.test', 'Bob Beta');
  bMember = await insertMember(t, b.teamId, 'bea@beta.test');
});

afterAll(async () => {
  await t?.close();
  await maps?.close();
  await stripe?.close();
});

type Problem = { route: string; status: number; leaked: string[]; changed: string[] };
type Send = (req: InjectOptions, r: SweepRoute) => Promise<LightMyRequestResponse>;

/** Every route from each caller at `team`: which answers carried the team's data, which calls changed it. */
async function sweep(team: SeededTeam, callers: TestUser[], opts: { sameTeam?: boolean; send?: Send } = {}) {
  const send: Send = opts.send ?? ((req) => t.app.inject(req));
  // Within the team only the records' data is private; outside it, everything is.
  const watched = opts.sameTeam ? team.recordSecrets : team.secrets;
  const routes = sweepRoutes(t.app);
  const problems: Problem[] = [];
  let pairs = 0;
  for (const caller of callers) {
    const tables = await teamTables(t, team.admin.teamId);
    // A member may change their own profile (name, avatar): the rest of the team is what is watched.
    if (opts.sameTeam) {
      tables['users'] =
        sql`select * from users where team_id = ${team.admin.teamId} and id <> ${caller.userId}`;
      // Their own call settings too (noStatusCalls, forwardOnly, defaultVm).
      tables['user_call_settings'] =
        sql`select * from user_call_settings where team_id = ${team.admin.teamId} and user_id <> ${caller.userId}`;
      // A member writes in the chats they are in (the room, support, their direct chats, made when
      // they first list their chats): the direct chats between others are what is watched.
      const others = sql`select id from chats where team_id = ${team.admin.teamId} and kind = 'direct'
        and direct_key not like ${'%' + caller.userId + '%'}`;
      tables['chats'] = sql`select * from chats where id in (${others})`;
      tables['chat_members'] = sql`select * from chat_members where chat_id in (${others})`;
      tables['chat_messages'] = sql`select * from chat_messages where chat_id in (${others})`;
    }
    for (const r of routes) {
      // Built first: what a request needs, the team's admin may have just set up.
      const req = await requestFor(t, r, team, caller);
      const before = await digests(t, tables);
      const res = await send(req, r);
      pairs++;
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const leaked = ok ? watched.filter((x) => res.body.includes(x)) : [];
      const after = await digests(t, tables);
      // A refused staff call is written to the audit log: that is the point of it.
      const changed = Object.keys(before).filter((k) => before[k] !== after[k] && k !== 'audit_log');
      if (leaked.length || changed.length)
        problems.push({ route: `${r.method} ${r.url}`, status: res.statusCode, leaked, changed });
    }
  }
  return { routes: routes.length, pairs, problems };
}

describe('tenant isolation', () => {
  // Every table is digested before and after each of ~420 calls: past 120 s at load 10 on two cores
  // (2026-11-28, 208 routes), so the limit leaves room for the load CI may meet.
  it("no route gives a member of another team A's data or changes it", { timeout: 300_000 }, async () => {
    const { routes, pairs, problems } = await sweep(a, [b, bMember]);
    expect(routes).toBeGreaterThan(80);
    process.stdout.write(
      `tenant isolation: ${routes} routes × 2 callers of team B = ${pairs} pairs checked\n`,
    );
    expect(problems).toEqual([]);
  });

  it(
    "a member of A with no permission and no record of their own changes nothing of A's and reads none of its records",
    { timeout: 120_000 },
    async () => {
      const plain = await insertMember(t, a.admin.teamId, 'pat@alpha.test', {
        permissions: [],
        dataAccess: 'Only assigned',
      });
      const { routes, pairs, problems } = await sweep(a, [plain], { sameTeam: true });
      process.stdout.write(
        `permissions: ${routes} routes as a member without permissions = ${pairs} pairs checked\n`,
      );
      expect(problems).toEqual([]);
    },
  );

  it(
    "A's own admin, sending the same requests, succeeds on every route but the few that no team admin may call",
    { timeout: 120_000 },
    async () => {
      const own = await seedTeam(t, '-own');
      const refused: string[] = [];
      let withData = 0;
      const routes = sweepRoutes(t.app);
      for (const r of routes) {
        const res = await callRoute(t, r, own, own.admin);
        if (res.statusCode >= 300) refused.push(`${r.method} ${r.url}`);
        else if (own.secrets.some((x) => res.body.includes(x))) withData++;
      }
      const succeeded = routes.length - refused.length;
      process.stdout.write(
        `tenant isolation control: A's admin succeeds on ${succeeded} of ${routes.length} routes, ` +
          `${withData} answers carrying A's data\n`,
      );
      // In any order: the routes are registered domain by domain, the list grouped by why.
      expect([...refused].sort()).toEqual(Object.keys(OWNER_REFUSED).sort());
      expect(succeeded).toBeGreaterThanOrEqual(OWNER_SUCCEEDS_AT_LEAST);
      expect(withData).toBeGreaterThanOrEqual(OWNER_ANSWERS_WITH_DATA_AT_LEAST);
    },
  );

  it(
    "a route that ignored the caller's team would be caught, by what it answers and by what it changes",
    { timeout: 120_000 },
    async () => {
      const planted = await seedTeam(t, '-planted');
      const LEAKS = ['GET /api/items/:id', 'GET /api/items/:id/image', 'PATCH /api/templates/editTemplate'];
      // The planted fault: these three serve B's request as if A's admin had sent it.
      const send: Send = (req, r) =>
        t.app.inject(
          LEAKS.includes(`${r.method} ${r.url}`)
            ? { ...req, headers: { ...req.headers, ...planted.admin.headers } }
            : req,
        );
      const { problems } = await sweep(planted, [b], { send });
      expect(problems.map((p) => p.route)).toEqual(LEAKS);
      expect(problems[0]!.leaked).toEqual(
        expect.arrayContaining(['Zelda', 'Secretname', 'Secret text of A']),
      );
      // A property's photo is served to its team only: its bytes are watched like the records' text.
      expect(problems[1]!.leaked).toEqual(['Secret photo of A']);
      expect(problems[2]!.changed).toEqual(['templates']);
    },
  );
});
