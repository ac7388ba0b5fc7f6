import type { Endpoint } from '@prospector/core';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows, type Db } from '../db/client.js';
import { ALL_TEAMS_ROLE, APP_ROLE } from '../db/team-scope.js';
import { route } from '../lib/route.js';
import { buildTestApp, type TestApp } from './app.js';
import { seedTeam, type SeededTeam } from './seed-team.js';

/**
 * Row-level security (ADR 028): the database itself keeps a team's rows from another team's
 * requests, so a query that forgot its `team_id` filter still cannot leak.
 */

const countRows = z.object({
  items: z.number(),
  messages: z.number(),
  teams: z.array(z.string()),
  role: z.string(),
});

/** A handler with the fault RLS is there for: it reads every team's rows, with no team filter. */
async function unscopedCounts(db: Db) {
  const [row] = await queryRows<{ items: number; messages: number; role: string }>(
    db,
    sql`select (select count(*)::int from items) as items, (select count(*)::int from messages) as messages,
      current_user as role`,
  );
  const teams = await queryRows<{ team_id: string }>(db, sql`select distinct team_id from items`);
  return { ...row!, teams: teams.map((r) => r.team_id).sort() };
}

/** Runs `query` in a transaction acting as `role`, with `app.team_id` as given (unset when null). */
async function asRole<T>(db: Db, role: string, teamId: string | null, query: (tx: Db) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', ${role}, true)`);
    if (teamId) await tx.execute(sql`select set_config('app.team_id', ${teamId}, true)`);
    else await tx.execute(sql`set local app.team_id to default`);
    return query(tx as unknown as Db);
  });
}

describe('row-level security', () => {
  let t: TestApp;
  let a: SeededTeam;
  let b: SeededTeam;
  let probe: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp();
    a = await seedTeam(t, '-a');
    b = await seedTeam(t, '-b');
    // The real route helper and session check, on a small app of its own (the real one is sealed).
    probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    probe.decorate('services', t.app.services);
    const endpoint = (auth: boolean) =>
      ({
        method: 'GET',
        path: auth ? '/probe' : '/probe-open',
        auth,
        response: countRows,
      }) as unknown as Endpoint;
    route(probe, endpoint(true), () => unscopedCounts(t.database.db));
    route(probe, endpoint(false), () => unscopedCounts(t.database.db));
    await probe.ready();
  });

  afterAll(async () => {
    await probe?.close();
    await t?.close();
  });

  const teamOf = (s: SeededTeam) => s.admin.teamId;

  it('a query as the app role without the team setting sees no row of any team', async () => {
    const seen = await asRole(t.database.db, APP_ROLE, null, unscopedCounts);
    expect(seen).toEqual({ items: 0, messages: 0, teams: [], role: APP_ROLE });
    const empty = await asRole(t.database.db, APP_ROLE, '', unscopedCounts);
    expect(empty).toEqual({ items: 0, messages: 0, teams: [], role: APP_ROLE });
  });

  it("a query as the app role with team B's setting sees none of team A's rows and cannot change them", async () => {
    const seen = await asRole(t.database.db, APP_ROLE, teamOf(b), unscopedCounts);
    expect(seen.teams).toEqual([teamOf(b)]);
    expect(seen.items).toBeGreaterThan(0);
    expect(seen.messages).toBeGreaterThan(0);
    const changed = await asRole(t.database.db, APP_ROLE, teamOf(b), (tx) =>
      queryRows(tx, sql`update items set updated_at = now() where team_id = ${teamOf(a)} returning id`),
    );
    expect(changed).toEqual([]);
    await expect(
      asRole(t.database.db, APP_ROLE, teamOf(b), (tx) =>
        tx.execute(sql`update items set team_id = ${teamOf(a)} where team_id = ${teamOf(b)}`),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
  });

  it("an authenticated request of team A whose handler reads without a team filter gets only A's rows", async () => {
    const res = await probe.inject({ method: 'GET', url: '/probe', headers: a.admin.headers });
    expect(res.statusCode).toBe(200);
    const seen = res.json() as z.infer<typeof countRows>;
    expect(seen.teams).toEqual([teamOf(a)]);
    expect(seen.role).toBe(APP_ROLE);
    const all = await unscopedCounts(t.database.db);
    expect(seen.items).toBeLessThan(all.items);
    expect(seen.items).toBeGreaterThan(0);
  });

  it('unauthenticated calls see every team as a role that owns nothing; work outside requests, as the owner', async () => {
    const background = await unscopedCounts(t.database.db);
    expect(background.teams).toEqual([teamOf(a), teamOf(b)].sort());
    expect([APP_ROLE, ALL_TEAMS_ROLE]).not.toContain(background.role);
    const open = await probe.inject({ method: 'GET', url: '/probe-open' });
    expect(open.json()).toEqual({ ...background, role: ALL_TEAMS_ROLE });
    // A team request in between leaves no team behind on the connection it used.
    await probe.inject({ method: 'GET', url: '/probe', headers: b.admin.headers });
    expect(await unscopedCounts(t.database.db)).toEqual(background);
  });

  it('every table with a team (its own team_id or a parent’s) has row-level security enabled and forced', async () => {
    const tables = await queryRows<{ name: string; enabled: boolean; forced: boolean; policies: string[] }>(
      t.database.db,
      sql`select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
            coalesce(array(select unnest(p.polroles::regrole[])::text from pg_policy p where p.polrelid = c.oid
              order by 1), '{}') as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and (exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'team_id'
                   and not a.attisdropped)
              or c.relname in ('teams', 'sessions', 'list_items', 'device_inbound', 'device_campaign_days',
                'chat_members', 'chat_messages', 'skiptrace_batches', 'skiptrace_run_items'))
          order by 1`,
    );
    expect(tables.length).toBeGreaterThan(40);
    const unguarded = tables.filter(
      (r) => !r.enabled || !r.forced || r.policies.join() !== [ALL_TEAMS_ROLE, APP_ROLE].join(),
    );
    expect(unguarded).toEqual([]);
  });

  it('both roles may read and write every table, and own none', async () => {
    const missing = await queryRows<{ role: string; name: string }>(
      t.database.db,
      sql`select r.role, c.relname as name from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          cross join (values (${APP_ROLE}), (${ALL_TEAMS_ROLE})) as r(role)
          where n.nspname = 'public' and c.relkind = 'r'
            and (not has_table_privilege(r.role, c.oid, 'select, insert, update, delete')
              or pg_get_userbyid(c.relowner) = r.role)`,
    );
    expect(missing).toEqual([]);
  });
});
