import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../db/client.js';
import { devices, listItems, lists, teams } from '../db/schema/index.js';
import type { TestApp } from './app.js';
import {
  insertContact,
  insertMember,
  insertTask,
  insertTeamAdmin,
  statusId,
  type TestUser,
} from './factories.js';

/**
 * Walking every route the app registers (read from Fastify, so a new route is covered without
 * touching the tests that use this): a team full of data to aim at, and a request for each route
 * that parses, with that team's ids wherever a path parameter or a body field takes an id.
 */

/** Ids of the seeded team's rows, by kind. */
export type SeedIds = Record<string, string>;

export type SeededTeam = {
  admin: TestUser;
  ids: SeedIds;
  /** Strings only the seeded team's data holds: none may appear in an answer to an outsider. */
  secrets: string[];
  /** Those of them that are the records' data (what a member without access may not read). */
  recordSecrets: string[];
};

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def: Def } })?._zod?.def;

/** The id of the seeded team's row a field names, by its name (and the route for a bare `_id`). */
export function idFor(ids: SeedIds, key: string, url: string): string {
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
    // Removing a member hands their records to someone else.
    assignedTo: /removeMember/.test(url) ? ids['admin']! : ids['member']!,
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

/** A request body that parses, with the seeded team's ids in every id-like field. */
export function sample(ids: SeedIds, schema: unknown, key: string, url: string): unknown {
  const def = defOf(schema);
  if (!def) return undefined;
  const inner = (s: unknown, k = key) => sample(ids, s, k, url);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return inner(def['innerType']);
    case 'pipe':
      return inner(def['in']);
    case 'object':
      return Object.fromEntries(
        Object.entries(def['shape'] as Record<string, unknown>).map(([k, v]) => [k, inner(v, k)]),
      );
    case 'array':
      return [inner(def['element'])];
    case 'union':
      return inner((def['options'] as unknown[])[0]);
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
      if (format === 'uuid' || /(^_id$|Id$|Ids$|^id$)/.test(key)) return idFor(ids, key, url);
      if (format === 'email' || key === 'email') return 'eve@beta.test';
      // The seeded contact's number: a text to it is one the team could really send.
      if (key === 'to') return '+12125550199';
      if (key === 'from') return '+19175550166';
      if (format === 'datetime') return '2026-01-01T12:00:00Z';
      if (format === 'url') return 'https://example.com/hook';
      if (/^(to|phone|value|from)$/.test(key)) return '+12125550177';
      return 'Team B wrote this';
    }
    default:
      return undefined;
  }
}

// Routes a session may not meaningfully aim at another team: the login itself and the web app's files.
const SKIP = new Set([
  'POST /api/users/sendCode',
  'POST /api/users/login',
  'POST /api/users/logout',
  'HEAD /*',
  'GET /*',
]);

export type SweepRoute = { method: string; url: string; body?: unknown };

/** Every registered route but the skipped ones. */
export function sweepRoutes(app: FastifyInstance): SweepRoute[] {
  return app.routeList.filter((r) => !SKIP.has(`${r.method} ${r.url}`) && r.method !== 'HEAD');
}

/**
 * Bodies a generic sample cannot make valid, built from what the caller sees: a whole-entity save of
 * the data fields must keep the system section, so it is the current sections plus one.
 */
const BODIES: Record<string, (t: TestApp, caller: TestUser) => Promise<object>> = {
  'PATCH /api/settings/updateCustomFields': async (t, caller) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/settings/customFields?type=contact',
      headers: caller.headers,
    });
    const sections = res.statusCode === 200 ? (res.json() as { sections: object[] }).sections : [];
    const added = { _id: randomUUID(), name: 'Swept', hidden: false, users: [], system: false, fields: [] };
    return { type: 'contact', sections: [...sections, added] };
  },
};

/** Calls one route as `caller`, aimed at the seeded team's rows. */
export async function callRoute(t: TestApp, r: SweepRoute, ids: SeedIds, caller: TestUser) {
  const url = r.url.replace(/:(\w+)/g, (_, name: string) => idFor(ids, name, r.url));
  const build = BODIES[`${r.method} ${r.url}`];
  const payload = build ? await build(t, caller) : r.body ? sample(ids, r.body, '', r.url) : undefined;
  return t.app.inject({
    method: r.method as 'GET',
    url,
    headers: caller.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** One digest per table of the team's rows (a table, or a filtered query over it). */
export async function digests(t: TestApp, queries: Record<string, ReturnType<typeof sql>>) {
  const out: Record<string, string> = {};
  for (const [name, query] of Object.entries(queries)) {
    const [row] = await queryRows<{ digest: string | null }>(
      t.database.db,
      sql`select md5(string_agg(x::text, '|' order by x::text)) as digest from (${query}) x`,
    );
    out[name] = row?.digest ?? '';
  }
  return out;
}

/** Every table holding a team's data, as a query for the team's rows. */
export async function teamTables(t: TestApp, teamId: string) {
  const tables = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'team_id' order by table_name`,
  );
  const out: Record<string, ReturnType<typeof sql>> = {};
  for (const { table_name } of tables)
    out[table_name] = sql`select * from ${sql.identifier(table_name)} where team_id = ${teamId}`;
  out['teams'] = sql`select * from teams where id = ${teamId}`;
  out['list_items'] = sql`select * from list_items
    where list_id in (select id from lists where team_id = ${teamId})`;
  return out;
}

/**
 * A team with one of everything: a contact assigned to a member, a task, a device, a template group
 * with a template, a subtemplate, a quick reply, a list, a running campaign and a sent text. `tag`
 * keeps e-mail addresses apart when several teams are seeded in one database.
 */
export async function seedTeam(t: TestApp, tag = ''): Promise<SeededTeam> {
  const admin = await insertTeamAdmin(t, `ann${tag}@alpha.test`, 'Ann Alpha');
  await t.database.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, admin.teamId));
  const ids: SeedIds = { admin: admin.userId };
  const call = async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: admin.headers, payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const contact = await insertContact(t.database.db, admin.teamId, {
    first: 'Zelda',
    last: 'Secretname',
    status: 'Not contacted',
    phones: ['212-555-0199'],
  });
  ids['item'] = contact.id;
  const member = await insertMember(t, admin.teamId, `mia${tag}@alpha.test`, { name: 'Mia Alphateam' });
  ids['member'] = member.userId;
  await t.database.db.execute(
    sql`update items set assigned_to = array[${member.userId}]::uuid[] where id = ${contact.id}`,
  );
  await insertTask(t.database.db, admin.teamId, contact.id, 'Secret task of A', null);
  const [task] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from tasks where team_id = ${admin.teamId}`,
  );
  ids['task'] = task!.id;
  ids['status'] = await statusId(t.database.db, admin.teamId, 'Not contacted');
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
      teamId: admin.teamId,
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
  // Within the team, settings are shared (devices, templates, campaigns, members, lists): what a member
  // may not read without access is the records' data.
  const recordSecrets = [
    'Zelda',
    'Secretname',
    '2125550199',
    'Secret task of A',
    'Secret text of A',
    ids['item']!,
    ids['task']!,
    ids['message']!,
  ];
  const secrets = [
    ...recordSecrets,
    `mia${tag}@alpha.test`,
    'Secret group A',
    'Secret template of A',
    'secretsub',
    'Secret reply of A',
    'Secret list of A',
    'Secret campaign of A',
    '9175550166',
    ...Object.values(ids),
  ];
  return { admin, ids, secrets, recordSecrets };
}
