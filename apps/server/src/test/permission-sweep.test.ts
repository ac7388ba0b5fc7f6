import { PERMISSION_KEYS, type PermissionKey } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.js';
import { insertMember } from './factories.js';
import { digests, requestFor, stopBackgroundWork, sweepRoutes, teamTables } from './route-sweep.js';
import { seedTeam } from './seed-team.js';

/**
 * Permissions, proven over every registered route: for each permission key a member holding every
 * other key (and 'All data') calls each route aimed at a freshly seeded team's rows; none may change
 * what that key guards. Right after, a member holding every key makes the same call, which shows the
 * sweep does reach those rows: a guard no route ever touches would prove nothing, so the test says so.
 */

type Q = ReturnType<typeof sql>;

/** What each key guards, as queries for the team's rows. `self` is the caller, who may edit themself. */
function guarded(key: PermissionKey, teamId: string, self: string): Record<string, Q> {
  const rows = (table: string) => sql`select * from ${sql.identifier(table)} where team_id = ${teamId}`;
  switch (key) {
    case 'members':
      return { users: sql`select * from users where team_id = ${teamId} and id <> ${self}` };
    case 'sms':
      return {
        texts: sql`select * from messages where team_id = ${teamId} and not comment and not system`,
      };
    case 'import':
      return {
        lists: rows('lists'),
        skiptrace_runs: rows('skiptrace_runs'),
        import_mappings: rows('import_mappings'),
        list_items: sql`select * from list_items where list_id in (select id from lists where team_id = ${teamId})`,
      };
    case 'statuses':
      return { statuses: rows('statuses'), status_call_settings: rows('status_call_settings') };
    case 'dataFields':
      return { entity_sections: rows('entity_sections') };
    case 'phones':
      return {
        devices: rows('devices'),
        // One-time codes for the SMS Gateway app, made with the phones permission.
        device_codes: rows('device_codes'),
        call_numbers: rows('call_numbers'),
        // Opened with the team's first number (ADR 026).
        voice_accounts: rows('voice_accounts'),
      };
    case 'templates':
      return {
        template_groups: rows('template_groups'),
        templates: rows('templates'),
        subtemplates: rows('subtemplates'),
      };
    case 'campaigns':
      return { campaigns: rows('campaigns') };
    case 'calls':
      return { voicemails: rows('voicemails'), call_queue: rows('call_queue'), calls: rows('calls') };
    // Reads, and features not built yet: nothing for this sweep to watch.
    case 'messenger':
    case 'kpis':
      return {};
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await stopBackgroundWork(t);
});
afterAll(async () => {
  await t?.close();
});

describe('permissions', () => {
  const report: string[] = [];
  afterAll(() => {
    if (report.length) process.stdout.write(`permission sweep:\n${report.join('\n')}\n`);
  });

  it.each(PERMISSION_KEYS.filter((k) => Object.keys(guarded(k, '', '')).length > 0))(
    'a member without %s changes nothing it guards, through any route',
    async (key) => {
      const team = await seedTeam(t, `-${key.toLowerCase()}`);
      const others = PERMISSION_KEYS.filter((k) => k !== key);
      const lacking = await insertMember(t, team.admin.teamId, `no-${key.toLowerCase()}@alpha.test`, {
        permissions: others,
        dataAccess: 'All data',
      });
      const holding = await insertMember(t, team.admin.teamId, `all-${key.toLowerCase()}@alpha.test`, {
        permissions: [...PERMISSION_KEYS],
        dataAccess: 'All data',
      });
      const watchedFor = (self: string) => guarded(key, team.admin.teamId, self);
      const routes = sweepRoutes(t.app);
      const problems: string[] = [];
      const reached: string[] = [];
      for (const r of routes) {
        // Each request is built before the digest: what it needs, the team's admin may have just set up.
        const asLacking = await requestFor(t, r, team, lacking);
        let before = await digests(t, watchedFor(lacking.userId));
        const res = await t.app.inject(asLacking);
        const after = await digests(t, watchedFor(lacking.userId));
        const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
        if (changed.length)
          problems.push(`${r.method} ${r.url} (${res.statusCode}) changed ${changed.join(', ')}`);
        const asHolding = await requestFor(t, r, team, holding);
        before = await digests(t, watchedFor(holding.userId));
        await t.app.inject(asHolding);
        const control = await digests(t, watchedFor(holding.userId));
        if (Object.keys(before).some((k) => before[k] !== control[k])) reached.push(`${r.method} ${r.url}`);
      }
      report.push(
        `  without ${key}: ${routes.length} routes, 0 may change ${Object.keys(watchedFor('')).join(', ')}` +
          ` (${problems.length} did); with it ${reached.length} do: ${reached.join(', ')}`,
      );
      expect(problems).toEqual([]);
      expect(reached.length, `no route changes what ${key} guards, even with the permission`).toBeGreaterThan(
        0,
      );
    },
  );

  it("a member holding every key but reading only assigned records gets no device and no device's credentials, through any route (ADR 031)", async () => {
    const team = await seedTeam(t, '-holder');
    const restricted = await insertMember(t, team.admin.teamId, 'only-assigned-holder@alpha.test', {
      permissions: [...PERMISSION_KEYS],
      dataAccess: 'Only assigned',
    });
    const reader = await insertMember(t, team.admin.teamId, 'all-data-holder@alpha.test', {
      permissions: [...PERMISSION_KEYS],
      dataAccess: 'All data',
    });
    const watched = {
      devices: sql`select * from devices where team_id = ${team.admin.teamId}`,
      device_codes: sql`select * from device_codes where team_id = ${team.admin.teamId}`,
    };
    const routes = sweepRoutes(t.app);
    const problems: string[] = [];
    const reached: string[] = [];
    for (const r of routes) {
      const asRestricted = await requestFor(t, r, team, restricted);
      let before = await digests(t, watched);
      const res = await t.app.inject(asRestricted);
      const after = await digests(t, watched);
      const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
      if (changed.length)
        problems.push(`${r.method} ${r.url} (${res.statusCode}) changed ${changed.join(', ')}`);
      // A device token (dv1.…) or an agent's download is a device's credentials.
      if (
        res.statusCode < 300 &&
        (res.body.includes('dv1.') || res.headers['content-type'] === 'application/zip')
      )
        problems.push(`${r.method} ${r.url} (${res.statusCode}) answered a device's credentials`);
      const asReader = await requestFor(t, r, team, reader);
      before = await digests(t, watched);
      await t.app.inject(asReader);
      const control = await digests(t, watched);
      if (Object.keys(before).some((k) => before[k] !== control[k])) reached.push(`${r.method} ${r.url}`);
    }
    report.push(
      `  'Only assigned' with every key: ${routes.length} routes, 0 may add a device or hand out its credentials` +
        ` (${problems.length} did); with 'All data' ${reached.length} change devices: ${reached.join(', ')}`,
    );
    expect(problems).toEqual([]);
    expect(
      reached.length,
      'no route changes devices, even for a member who reads everything',
    ).toBeGreaterThan(0);
    // Every route twice: a loaded machine needs minutes.
  }, 600_000);

  it('the tables every key guards are the teams tables: a new table must be placed or declared unguarded, and only team tables are declared', async () => {
    const tables = Object.keys(await teamTables(t, '00000000-0000-0000-0000-000000000000'));
    const guardedTables = new Set(
      PERMISSION_KEYS.flatMap((k) =>
        Object.keys(guarded(k, '', '')).map((n) => (n === 'texts' ? 'messages' : n)),
      ),
    );
    // Shared by the whole team whatever the permissions (records, their comments and tasks, settings
    // the admin alone changes), the members' logins, or written by the server itself.
    const UNGUARDED = [
      // A team's referrer: written only by the login that creates the team (affiliate attribution).
      'affiliate_signups',
      // API keys (ADR 043): made and revoked by admins only (a role, not a permission key); the
      // idempotency answers are written by calls made with a key, which has scopes, not permissions.
      'api_idempotency',
      'api_keys',
      'audit_log',
      // Bulk jobs (issue 32): any member starts them over records they may open; the job's actions
      // check their own permissions (import for lists, sms for DNC, admins for delete) before it exists.
      'bulk_job_items',
      'bulk_jobs',
      'campaign_recipients',
      // Chats: every member writes in the chats they are in, whatever the permissions (issue 20).
      'chat_members',
      'chat_messages',
      'chats',
      // The credits: written only through the ledger (staff, payments, look-ups), no permission key.
      'credit_accounts',
      'credit_entries',
      'credit_holds',
      'device_campaign_days',
      'device_inbound',
      'dnc_phones',
      'identifiers',
      'import_jobs',
      'item_keys',
      'item_links',
      'items',
      'login_codes',
      'notifications',
      // Payments: written by the admin's payment calls (admins only) and Stripe's webhooks.
      'payment_accounts',
      'payments',
      'quick_replies',
      // Each phone's history (ADR 038): written only by the triggers on identifiers, read-only to the API.
      'phone_history',
      // Reply labels (issue 31): written by the inbound path, and corrected by any member who may open the record.
      'reply_labels',
      // Reply actions (issue 31): the settings are the admin's alone; the actions are written by the
      // inbound path and undone by any member who may open the record.
      'reply_action_settings',
      'reply_actions',
      'sessions',
      'sms_jobs',
      'tasks',
      // Texts out and blocked per day: written only by the triggers on sms_jobs (ADR 025).
      'team_sms_days',
      'teams',
      'uploads',
      // A member's own call settings (noStatusCalls, forwardOnly, defaultVm): each writes only theirs.
      'user_call_settings',
      // Webhooks (ADR 045): endpoints changed by admins only (a role) or by keys with the webhooks scope;
      // deliveries and attempts written by the events of what any member does, and by the sender.
      'webhook_attempts',
      'webhook_deliveries',
      'webhook_endpoints',
    ];
    expect(tables.filter((n) => !guardedTables.has(n) && !UNGUARDED.includes(n))).toEqual([]);
    expect(UNGUARDED.filter((n) => !tables.includes(n))).toEqual([]);
  });
});
