import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { devices, listItems, lists, teams } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from './app.js';
import {
  insertContact,
  insertMember,
  insertTask,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from './factories.js';

/**
 * Tenant isolation, proven over every route the app registers (read from Fastify, so a new route is
 * covered without touching this file): a member of team B calls each one with team A's ids wherever a
 * path parameter or a body field takes an id, and with B's own session. No answer may carry A's data,
 * and A's rows must be byte for byte the same afterwards.
 */

let t: TestApp;
let a: TestUser;
let b: TestUser;
let bMember: TestUser;
const ids: Record<string, string> = {};
const secrets: string[] = [];

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def: Def } })?._zod?.def;

/** The id of A's a field names, by its name (and the route for a bare `_id`). */
function idFor(key: string, url: string): string {
  const k = key.replace(/Ids$/, 'Id').replace(/s$/, '');
  if (k === '_id') {
    if (/Reply/i.test(url)) return ids['reply']!;
    if (/SubTemplate/i.test(url)) return ids['subtemplate']!;
    if (/Template/i.test(url)) return ids['template']!;
    if (/Status/i.test(url)) return ids['status']!;
    if (/Member/i.test(url)) return ids['member']!;
    if (/task/i.test(url)) return ids['task']!;
    return ids['item']!;
  }
  const byName: Record<string, string> = {
    listId: ids['list']!,
    campaignId: ids['campaign']!,
    groupId: ids['group']!,
    tempId: ids['template']!,
    templateId: ids['template']!,
    userId: ids['member']!,
    assignedTo: ids['member']!,
    deviceId: ids['device']!,
    device: ids['device']!,
    statusId: ids['status']!,
    statuse: ids['status']!,
    status: ids['status']!,
    taskId: ids['task']!,
    messageId: ids['message']!,
    phone: ids['device']!,
  };
  return byName[k] ?? ids['item']!;
}

/** A request body that parses, with A's ids in every id-like field. */
function sample(schema: unknown, key: string, url: string): unknown {
  const def = defOf(schema);
  if (!def) return undefined;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return sample(def['innerType'], key, url);
    case 'pipe':
      return sample(def['in'], key, url);
    case 'object':
      return Object.fromEntries(
        Object.entries(def['shape'] as Record<string, unknown>).map(([k, v]) => [k, sample(v, k, url)]),
      );
    case 'array':
      return [sample(def['element'], key, url)];
    case 'union':
      return sample((def['options'] as unknown[])[0], key, url);
    case 'enum':
      return Object.values(def['entries'] as Record<string, unknown>)[0];
    case 'literal':
      return (def['values'] as unknown[])[0];
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return false;
    case 'record':
      return {};
    case 'string': {
      const format = def['format'];
      if (format === 'uuid' || /(^_id$|Id$|Ids$|^id$)/.test(key)) return idFor(key, url);
      if (format === 'email') return 'eve@beta.test';
      if (format === 'datetime') return '2026-01-01T12:00:00Z';
      if (format === 'url') return 'https://example.com/hook';
      if (/^(to|phone|value|from)$/.test(key)) return '+12125550177';
      return 'Team B wrote this';
    }
    default:
      return undefined;
  }
}

/** A's rows in every table that holds a team's data, as one digest per table. */
async function snapshotOfA() {
  const tables = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'team_id' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = await queryRows<{ digest: string | null }>(
      t.database.db,
      sql`select md5(string_agg(x::text, '|' order by x::text)) as digest
        from ${sql.identifier(table_name)} x where team_id = ${a.teamId}`,
    );
    out[table_name] = row?.digest ?? '';
  }
  const [team] = await queryRows<{ digest: string }>(
    t.database.db,
    sql`select md5(x::text) as digest from teams x where id = ${a.teamId}`,
  );
  out['teams'] = team!.digest;
  const [members] = await queryRows<{ digest: string }>(
    t.database.db,
    sql`select md5(string_agg(x::text, '|' order by x::text)) as digest from list_items x
      where list_id in (select id from lists where team_id = ${a.teamId})`,
  );
  out['list_items'] = members?.digest ?? '';
  return out;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await insertTeamAdmin(t, 'ann@alpha.test', 'Ann Alpha');
  b = await insertTeamAdmin(t, 'bob@beta.test', 'Bob Beta');
  bMember = await insertMember(t, b.teamId, 'bea@beta.test');
  for (const team of [a.teamId, b.teamId])
    await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, team));
  const call = async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: a.headers, payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const contact = await insertContact(t.database.db, a.teamId, {
    first: 'Zelda',
    last: 'Secretname',
    status: 'Not contacted',
    phones: ['212-555-0199'],
  });
  ids['item'] = contact.id;
  const member = await insertMember(t, a.teamId, 'mia@alpha.test', { name: 'Mia Alphateam' });
  ids['member'] = member.userId;
  await t.database.db.execute(
    sql`update items set assigned_to = array[${member.userId}]::uuid[] where id = ${contact.id}`,
  );
  await insertTask(t.database.db, a.teamId, contact.id, 'Secret task of A', null);
  const [task] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from tasks where team_id = ${a.teamId}`,
  );
  ids['task'] = task!.id;
  ids['status'] = await statusId(t.database.db, a.teamId, 'Not contacted');
  const device = await call('POST', '/api/services/addNumber', {
    phoneType: 'Android',
    value: '+19175550166',
  });
  ids['device'] = device.device._id;
  await t.database.db
    .update(devices)
    .set({ connected: true, pingedAt: t.clock.now() })
    .where(eq(devices.id, ids['device']!));
  const group = await call('PUT', '/api/templates/addGroup', { name: 'Secret group A' });
  ids['group'] = group._id;
  ids['template'] = (
    await call('PUT', '/api/templates/addTemplate', { text: 'Secret template of A', groupId: group._id })
  )._id;
  ids['subtemplate'] = (
    await call('PUT', '/api/templates/addSubTemplate', { name: 'secretsub', values: ['Hi'] })
  )._id;
  ids['reply'] = (
    await call('PUT', '/api/templates/addReply', { title: 'Secret', text: 'Secret reply of A' })
  )._id;
  const [list] = await t.database.db
    .insert(lists)
    .values({
      teamId: a.teamId,
      name: 'Secret list of A',
      position: 1,
      state: 'imported',
      result: {
        rowsRead: 1,
        contactsNew: 1,
        contactsMerged: 0,
        propertiesNew: 0,
        propertiesMerged: 0,
        companiesNew: 0,
        companiesMerged: 0,
        invalidPhones: 0,
        invalidEmails: 0,
        dncPhones: 0,
        dropped: {},
      },
      createdAt: t.clock.now(),
    })
    .returning();
  ids['list'] = list!.id;
  await t.database.db.insert(listItems).values({ listId: list!.id, itemId: contact.id, type: 'contact' });
  const campaign = await call('POST', '/api/campaigns/launch', {
    name: 'Secret campaign of A',
    statuses: [ids['status']],
    weekDays: [1, 2, 3, 4, 5],
    startTime: '2026-01-05T15:00:00Z',
    endTime: '2026-01-05T23:00:00Z',
    startDate: '2026-01-05T05:00:00Z',
    groupIds: [group._id],
    devices: [ids['device']],
  });
  ids['campaign'] = campaign._id;
  const sent = await call('POST', '/api/messages/sendSms', {
    body: 'Secret text of A',
    dataId: contact.id,
    to: '+12125550199',
  });
  ids['message'] = sent.message._id;
  secrets.push(
    'Zelda',
    'Secretname',
    '2125550199',
    'mia@alpha.test',
    'Secret task of A',
    'Secret group A',
    'Secret template of A',
    'secretsub',
    'Secret reply of A',
    'Secret list of A',
    'Secret campaign of A',
    'Secret text of A',
    '9175550166',
    ...Object.values(ids),
  );
});
/**
 * Within the team, settings are shared (devices, templates, campaigns, members, lists): what a member
 * may not read without access is the records' data.
 */
const recordSecrets = () => [
  'Zelda',
  'Secretname',
  '2125550199',
  'Secret task of A',
  'Secret text of A',
  ids['item']!,
  ids['task']!,
  ids['message']!,
];

afterAll(async () => {
  await t?.close();
});

// Routes a session of B may not meaningfully aim at A: the login itself and the web app's files.
const SKIP = new Set([
  'POST /api/users/sendCode',
  'POST /api/users/login',
  'POST /api/users/logout',
  'HEAD /*',
  'GET /*',
]);

async function sweep(callers: TestUser[], opts: { sameTeam?: boolean } = {}) {
  const before = await snapshotOfA();
  const routes = t.app.routeList.filter((r) => !SKIP.has(`${r.method} ${r.url}`) && r.method !== 'HEAD');
  const problems: string[] = [];
  let pairs = 0;
  for (const caller of callers) {
    for (const r of routes) {
      const url = r.url.replace(/:(\w+)/g, (_, name: string) => idFor(name, r.url));
      const payload = r.body ? sample(r.body, '', r.url) : undefined;
      const res = await t.app.inject({
        method: r.method as 'GET',
        url,
        headers: caller.headers,
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      pairs++;
      if (res.statusCode >= 200 && res.statusCode < 300) {
        // Within the team only the records' data is private; outside it, everything is.
        const watched = opts.sameTeam ? recordSecrets() : secrets;
        const leaked = watched.filter((x) => res.body.includes(x));
        if (leaked.length)
          problems.push(`${r.method} ${r.url} (${res.statusCode}) answered with ${leaked.join(', ')}`);
      }
      const after = await snapshotOfA();
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
    const plain = await insertMember(t, a.teamId, 'pat@alpha.test', {
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
