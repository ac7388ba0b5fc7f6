import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.js';
import { insertMember, insertTeamAdmin, type TestUser } from './factories.js';
import { callRoute, digests, seedTeam, sweepRoutes, teamTables, type SeededTeam } from './route-sweep.js';

/**
 * Tenant isolation, proven over every route the app registers (read from Fastify, so a new route is
 * covered without touching this file): a member of team B calls each one with team A's ids wherever a
 * path parameter or a body field takes an id, and with B's own session. No answer may carry A's data,
 * and A's rows must be byte for byte the same afterwards.
 */

let t: TestApp;
let a: SeededTeam;
let b: TestUser;
let bMember: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  a = await seedTeam(t);
  b = await insertTeamAdmin(t, 'bob@beta.test', 'Bob Beta');
  bMember = await insertMember(t, b.teamId, 'bea@beta.test');
});

afterAll(async () => {
  await t?.close();
});

async function sweep(callers: TestUser[], opts: { sameTeam?: boolean } = {}) {
  const tables = await teamTables(t, a.admin.teamId);
  const before = await digests(t, tables);
  const routes = sweepRoutes(t.app);
  const problems: string[] = [];
  let pairs = 0;
  for (const caller of callers) {
    for (const r of routes) {
      const res = await callRoute(t, r, a.ids, caller);
      pairs++;
      if (res.statusCode >= 200 && res.statusCode < 300) {
        // Within the team only the records' data is private; outside it, everything is.
        const watched = opts.sameTeam ? a.recordSecrets : a.secrets;
        const leaked = watched.filter((x) => res.body.includes(x));
        if (leaked.length)
          problems.push(`${r.method} ${r.url} (${res.statusCode}) answered with ${leaked.join(', ')}`);
      }
      const after = await digests(t, tables);
      // A refused staff call is written to the audit log: that is the point of it.
      const changed = Object.keys(before).filter((k) => before[k] !== after[k] && k !== 'audit_log');
      if (changed.length) {
        problems.push(`${r.method} ${r.url} (${res.statusCode}) changed A's ${changed.join(', ')}`);
        Object.assign(before, after);
      }
    }
  }
  return { routes: routes.length, pairs, problems };
}

describe('tenant isolation', () => {
  it("no route gives a member of another team A's data or changes it", async () => {
    const { routes, pairs, problems } = await sweep([b, bMember]);
    expect(routes).toBeGreaterThan(80);
    process.stdout.write(
      `tenant isolation: ${routes} routes × 2 callers of team B = ${pairs} pairs checked\n`,
    );
    expect(problems).toEqual([]);
  });

  it("a member of A with no permission and no record of their own changes nothing of A's and reads none of its records", async () => {
    const plain = await insertMember(t, a.admin.teamId, 'pat@alpha.test', {
      permissions: [],
      dataAccess: 'Only assigned',
    });
    const { routes, pairs, problems } = await sweep([plain], { sameTeam: true });
    process.stdout.write(
      `permissions: ${routes} routes as a member without permissions = ${pairs} pairs checked\n`,
    );
    expect(problems).toEqual([]);
  });
});
