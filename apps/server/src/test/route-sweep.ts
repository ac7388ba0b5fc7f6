import { randomUUID } from 'node:crypto';
import * as core from '@prospector/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { queryRows } from '../db/client.js';
import type { TestApp } from './app.js';
import type { TestUser } from './factories.js';
import type { SimulatedVoice } from '../providers/voice/index.js';
import { multipartFile, TINY_OPUS, TINY_PNG } from './multipart.js';
import { CONTACT_NUMBER, DEVICE_NUMBER, OWN_STATUS, type SeededTeam, type SeedIds } from './seed-team.js';

/**
 * Walking every route the app registers (read from Fastify, so a new route is covered without
 * touching the tests that use this): for each route, aimed at a seeded team (`seed-team.ts`), a request
 * that team's own admin would send with success, with the team's ids wherever a path parameter or a
 * body field takes an id. From another session the same request must be refused, and for that reason.
 */

/** The one address the fake maps service knows. */
const KNOWN_ADDRESS = '1600 Amphitheatre Pkwy, Mountain View, CA';
/** A hook URL that passes validation and can never resolve (RFC 2606); no sweep lets a hook go out anyway. */
const HOOK_URL = 'https://crm.example.invalid/hook';

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def: Def } })?._zod?.def;

/** The id of the seeded team's row a field names, by its name (and the route for a bare `_id` or `id`). */
export function idFor(ids: SeedIds, key: string, url: string): string {
  const k = key.replace(/Ids$/, 'Id').replace(/s$/, '');
  if (k === '_id') {
    if (/Reply/i.test(url)) return ids['reply']!;
    if (/SubTemplate/i.test(url)) return ids['subtemplate']!;
    if (/Template/i.test(url)) return ids['template']!;
    if (/Status/i.test(url)) return ids['ownStatus']!;
    if (/apiKeys/.test(url)) return ids['apiKey']!;
    if (/Member/i.test(url)) return ids['member']!;
    if (/notification/i.test(url)) return ids['notification']!;
    if (/task/i.test(url)) return ids['task']!;
    return ids['item']!;
  }
  if (k === 'id' && /\/lists\//.test(url)) return ids['list']!;
  if (k === 'id' && /\/bulk\/job\/:id\/export$/.test(url)) return ids['bulkExport']!;
  if (k === 'id' && /\/settings\/webhooks\/deliveries\//.test(url)) return ids['webhookDelivery']!;
  if (k === 'id' && /\/settings\/webhooks\//.test(url)) return ids['webhook']!;
  if (k === 'id' && /\/bulk\//.test(url)) return ids['bulkJob']!;
  if (k === 'id' && /\/calls\/vm/.test(url)) return ids['vm']!;
  // A record's photo: the seeded pictured property has one.
  if (k === 'id' && /\/image$/.test(url)) return ids['photoProperty']!;
  // Chats: the team room, and the seeded image message in it.
  if (k === 'id' && /\/chats\/images\//.test(url)) return ids['chatImage']!;
  if (k === 'id' && /\/chats\//.test(url)) return ids['chat']!;
  const byName: Record<string, string> = {
    listId: ids['list']!,
    jobId: ids['bulkJob']!,
    // A campaign's "these N records": the seeded campaign selection.
    audienceJobId: ids['bulkAudience']!,
    propId: ids['property']!,
    campaignId: ids['campaign']!,
    groupId: ids['group']!,
    tempId: ids['template']!,
    templateId: ids['template']!,
    userId: ids['member']!,
    assignedId: ids['member']!,
    // A status's calls forwarded to a member's phone; its voicemail, and a member's default one.
    forwardTo: ids['member']!,
    selectedVm: ids['vm']!,
    defaultVm: ids['vm']!,
    // Removing a member hands their records to someone else.
    assignedTo: /removeMember/.test(url) ? ids['admin']! : ids['member']!,
    deviceId: ids['device']!,
    vmId: ids['vm']!,
    chatId: ids['chat']!,
    numberId: ids['number']!,
    device: ids['device']!,
    statusId: ids['status']!,
    statuse: ids['status']!,
    status: ids['status']!,
    condition: ids['status']!,
    taskId: ids['task']!,
    messageId: ids['message']!,
    msgId: ids['scheduled']!,
    phone: ids['device']!,
    // The one path parameter called `name` is an avatar file's.
    name: ids['avatar']!,
  };
  return byName[k] ?? ids['item']!;
}

// Every text a sample writes is new, so nothing it adds collides with what an earlier call added.
let written = 0;

/** A value of a string field that parses, by the field's format or name. */
function sampleString(ids: SeedIds, def: Def, key: string, url: string): string {
  const format = def['format'];
  if (format === 'uuid' || /(^_id$|Id$|Ids$|^id$)/.test(key)) return idFor(ids, key, url);
  if (format === 'email' || key === 'email') return `swept${++written}@beta.test`;
  // The seeded contact's number: a text to it is one the team could really send.
  if (key === 'to') return CONTACT_NUMBER;
  if (key === 'from') return DEVICE_NUMBER;
  if (format === 'datetime') return '2026-01-01T12:00:00Z';
  if (format === 'url' || /Hook$/.test(key)) return HOOK_URL;
  if (/address/i.test(key)) return KNOWN_ADDRESS;
  if (key === 'countryCode') return '+1';
  if (key === 'areaCode') return '212';
  if (/^(to|phone|value|from)$/.test(key)) return '+12125550177';
  return `Swept ${++written}`;
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
      // An offset starts at the first row; any other number is a count or a position.
      return key === 'skip' ? 0 : 1;
    case 'boolean':
      return false;
    case 'record':
      return {};
    case 'string':
      return sampleString(ids, def, key, url);
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

export type SweepRoute = FastifyInstance['routeList'][number];

/** Reads, then changes, then removals: a caller allowed all of them still finds the rows each aims at. */
const stage = (r: SweepRoute) => (/remove/i.test(r.url) ? 2 : r.method === 'GET' ? 0 : 1);

/** Every registered route but the skipped ones, removals last. */
/** A file of the built web app (`/assets/index-3f2a.js`, `/audio/ring.wav`): the same for everyone. */
const isWebFile = (url: string) => !url.startsWith('/api/') && /\.[a-z0-9]+$/i.test(url);
/**
 * The public API v1 takes API keys, not sessions: a session is refused on all of it, so these sweeps
 * would prove nothing there. Its own generated sweep covers it (modules/public-api/public-api.sweep.test.ts).
 */
const isPublicApiV1 = (url: string) => url.startsWith('/api/v1/');

export function sweepRoutes(app: FastifyInstance): SweepRoute[] {
  return app.routeList
    .filter(
      (r) =>
        !SKIP.has(`${r.method} ${r.url}`) &&
        r.method !== 'HEAD' &&
        !isWebFile(r.url) &&
        !isPublicApiV1(r.url),
    )
    .sort((x, y) => stage(x) - stage(y));
}

/** The query schema of each contract endpoint (Fastify's route list has bodies and params only). */
const QUERIES = new Map(
  Object.values(core as Record<string, unknown>)
    .filter(
      (e): e is core.Endpoint =>
        !!e && typeof e === 'object' && 'method' in e && 'path' in e && 'response' in e,
    )
    .filter((e) => e.query)
    .map((e) => [`${e.method} ${e.path}`, e.query]),
);

/** A route's query schema, from its contract endpoint. */
export const querySchemaOf = (r: SweepRoute) => QUERIES.get(`${r.method} ${r.url}`);

/** The fields a schema requires, sampled; the optional ones (filters, pages) are left out. */
function required(ids: SeedIds, schema: unknown, url: string): Record<string, unknown> {
  const def = defOf(schema);
  if (def?.type !== 'object') return {};
  return Object.fromEntries(
    Object.entries(def['shape'] as Record<string, unknown>)
      .filter(([, s]) => !['optional', 'default', 'nullable'].includes(defOf(s)?.type ?? ''))
      .map(([k, s]) => [k, sample(ids, s, k, url)]),
  );
}

/** The query string of the fields a route requires: an optional one would only narrow the answer. */
function queryFor(ids: SeedIds, r: SweepRoute): string {
  const fields = required(ids, querySchemaOf(r), r.url);
  const query = new URLSearchParams(
    Object.entries(fields).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  return query.size ? `?${query}` : '';
}

/** Reads of the team's records sent as a body: with no filter, so a leak cannot hide behind one. */
const READS = new Set(['POST /api/items/get', 'POST /api/dashboard/get', 'POST /api/lists/get']);

type Built = { payload: object | Buffer; headers?: Record<string, string> };
type BuildInput = { t: TestApp; team: SeededTeam; caller: TestUser; sampled: Record<string, unknown> };

const form = (fileName: string, content: Buffer | string, field = 'file'): Built => {
  const { payload, contentType } = multipartFile(fileName, content, field);
  return { payload, headers: { 'content-type': contentType } };
};

let setUps = 0;

/**
 * Sends a call as the seeded team's admin, to set up what a request needs (a code, an upload, a hook),
 * each from an address of its own so the limits on codes per address never refuse it.
 */
async function asOwner(t: TestApp, team: SeededTeam, method: 'POST' | 'PATCH', url: string, req: Built) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...team.admin.headers, ...req.headers },
    payload: req.payload,
    remoteAddress: `198.51.100.${(++setUps % 250) + 1}`,
  });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Requests a generic sample cannot make succeed, built from the sample and what the seeded team
 * holds. What a call needs first (a code mailed, a file uploaded, a push hook) the team's own admin
 * sets up, so the caller's request is one that would succeed from that admin.
 */
const BODIES: Record<string, (b: BuildInput) => Promise<Built> | Built> = {
  'PATCH /api/items/update': ({ sampled }) => ({ payload: { ...sampled, key: 'First name' } }),
  'PUT /api/items/update': ({ sampled }) => ({ payload: { ...sampled, key: 'First name' } }),
  'PATCH /api/items/changeStatus': ({ sampled }) => ({ payload: { ...sampled, status: OWN_STATUS } }),
  // A job over the seeded contact: assigning the member is something the team's admin may do.
  'POST /api/bulk/start': ({ team }) => ({
    payload: {
      selection: { kind: 'ids', ids: [team.ids['item']!] },
      action: { type: 'assign', memberId: team.ids['member']! },
    },
  }),
  // Hours stricter than the law (a sampled 0:00 start is refused as looser: ADR 038).
  'PATCH /api/users/changeContactHours': () => ({ payload: { startHour: 9, endHour: 19 } }),
  // A country libphonenumber knows (a sampled text is refused by the contract).
  'PATCH /api/users/changeCountry': () => ({ payload: { country: 'CA' } }),
  // Added by name (a picked existingId is checked by links.stacking.test.ts, across teams too).
  'PATCH /api/services/addAndMapData': ({ sampled }) => ({
    payload: { ...sampled, type: 'company', existingId: undefined },
  }),
  'PATCH /api/services/assign': ({ sampled }) => ({ payload: { ...sampled, dataType: 'contact' } }),
  'POST /api/services/search': ({ sampled }) => ({ payload: { ...sampled, text: 'Secretname' } }),
  'POST /api/services/addNumber': ({ sampled }) => ({
    payload: { ...sampled, phoneType: 'Android', value: '+12125550142' },
  }),
  // Devices are removed by their numbers: the seeded device's.
  'POST /api/services/removeNumbers': () => ({ payload: { phones: [DEVICE_NUMBER] } }),
  // The caller's own call settings: a number calls can be forwarded to.
  'PATCH /api/calls/settings': ({ sampled }) => ({ payload: { ...sampled, forwardNumber: '+12125550177' } }),
  'PATCH /api/users/updateTimezone': () => ({
    payload: { timezone: { value: 'America/Chicago', text: '(UTC−06:00) America/Chicago' } },
  }),
  // The seeded contact, whichever of its two statuses an earlier call left it in.
  'POST /api/campaigns/launch': ({ team, sampled }) => ({
    payload: {
      ...sampled,
      lastContactedAt: null,
      statuses: [team.ids['status'], team.ids['ownStatus']],
      startTime: '2026-01-05T15:00:00Z',
      endTime: '2026-01-05T23:00:00Z',
    },
  }),
  // A whole-entity save of the data fields must keep the system section: the current sections plus one.
  'PATCH /api/settings/updateCustomFields': async ({ t, caller }) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/settings/customFields?type=contact',
      headers: caller.headers,
    });
    const sections = res.statusCode === 200 ? (res.json() as { sections: object[] }).sections : [];
    const added = { _id: randomUUID(), name: 'Swept', hidden: false, users: [], system: false, fields: [] };
    return { payload: { type: 'contact', sections: [...sections, added] } };
  },
  // The caller's own key: another team's key names another team.
  'POST /api/public/sendSMS': async ({ t, caller, sampled }) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/integrations',
      headers: caller.headers,
    });
    const apiKey = res.statusCode === 200 ? (res.json() as { apiKey: string }).apiKey : sampled['apiKey'];
    return { payload: { ...sampled, apiKey } };
  },
  // The look-up fills a property's empty fields: the seeded pictured property.
  'POST /api/properties/getInfo': ({ team, sampled }) => ({
    payload: { ...sampled, itemId: team.ids['photoProperty'] },
  }),
  'PATCH /api/services/pushToCrm': async ({ t, team, sampled }) => {
    await asOwner(t, team, 'POST', '/api/users/updateHooks', { payload: { pushHook: HOOK_URL } });
    return { payload: sampled };
  },
  'POST /api/teams/confirmMemberEmail': async ({ t, team, sampled }) => {
    const email = `moved${++written}@alpha.test`;
    const edit = sample(team.ids, core.editMember.body, '', core.editMember.path) as object;
    await asOwner(t, team, 'PATCH', core.editMember.path, { payload: { ...edit, email } });
    return { payload: { ...sampled, code: await t.smtp.codeFor(email) } };
  },
  'POST /api/lists/import': async ({ t, team, sampled }) => {
    const file = form('swept.csv', 'First name,Phone\r\nSwept,212-555-0143\r\n');
    const upload = await asOwner(t, team, 'POST', '/api/lists/upload', file);
    const fields = [{ name: 'Phone', type: 'contact', matchesTo: 'Phone' }];
    return { payload: { ...sampled, fileId: upload.fileId, fields } };
  },
};

/** Routes registered without a body schema that take a multipart form. */
const FORMS: Record<string, (b: BuildInput) => Built> = {
  'POST /api/chats/send': ({ team }) => {
    const fields = { chatId: team.ids['chat']!, body: `Swept ${++written}` };
    const { payload, contentType } = multipartFile('swept.png', TINY_PNG, 'img', fields);
    return { payload, headers: { 'content-type': contentType } };
  },
  'POST /api/items/addImage': ({ team }) => {
    const fields = { fileId: team.ids['photoProperty']!, address: KNOWN_ADDRESS };
    const { payload, contentType } = multipartFile('house.png', TINY_PNG, 'img', fields);
    return { payload, headers: { 'content-type': contentType } };
  },
  'POST /api/lists/upload': () => form('swept.csv', 'First name,Phone\r\nSwept,212-555-0144\r\n'),
  'POST /api/users/changeAvatar': () => form('me.png', TINY_PNG, 'avatar'),
  'POST /api/calls/recordVm': () => form('vm.ogg', TINY_OPUS, 'vm'),
  'PATCH /api/teams/editProfile': () => form('logo.png', TINY_PNG, 'img'),
};

/** The request one route gets from `caller`, aimed at the seeded team's rows. */
export async function requestFor(
  t: TestApp,
  r: SweepRoute,
  team: SeededTeam,
  caller: TestUser,
): Promise<InjectOptions> {
  const { ids } = team;
  const params = (defOf(r.params)?.['shape'] ?? {}) as Record<string, unknown>;
  const path = r.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(
      params[name] ? String(sample(ids, params[name], name, r.url)) : idFor(ids, name, r.url),
    ),
  );
  const key = `${r.method} ${r.url}`;
  const sampled = !r.body
    ? undefined
    : READS.has(key)
      ? required(ids, r.body, r.url)
      : (sample(ids, r.body, '', r.url) as Record<string, unknown>);
  const build = r.body ? BODIES[key] : FORMS[key];
  const built = build
    ? await build({ t, team, caller, sampled: sampled ?? {} })
    : sampled && { payload: sampled };
  return {
    method: r.method as 'GET',
    url: path + queryFor(ids, r),
    headers: { ...caller.headers, ...built?.headers },
    ...(built ? { payload: built.payload } : {}),
  };
}

/** Calls one route as `caller`, aimed at the seeded team's rows. */
export async function callRoute(t: TestApp, r: SweepRoute, team: SeededTeam, caller: TestUser) {
  return t.app.inject(await requestFor(t, r, team, caller));
}

/**
 * Holds the background work a sweep would race: a hook URL a sweep saves is never called, and a
 * queued import stays queued, so between two digests only the call itself changes the team's rows.
 */
export async function stopBackgroundWork(t: TestApp) {
  await t.app.services.hookSender.stop();
  t.app.services.hookSender.kick = () => {};
  await t.app.services.imports.stop();
  // A skip trace started stays running, so cancelling it succeeds and nothing moves between digests.
  await t.app.services.skiptraceEngine.stop();
  t.app.services.skiptraceEngine.kick = () => {};
  // A bulk job started waits: nothing it would change moves between two digests.
  await t.app.services.bulkEngine.stop();
  t.app.services.bulkEngine.kick = () => {};
  // A call a sweep places keeps ringing: no outcome lands between two digests.
  const voice = t.app.services.voice as Partial<SimulatedVoice>;
  voice.setScript?.(() => ({ result: 'no-answer', ringMs: 3_600_000 }));
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

/**
 * Every table holding a team's data, as a query for the team's rows: those with a `team_id`, and those
 * that reach their team through the row they belong to (a list, a device, a user).
 */
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
  const teamDevices = sql`select id from devices where team_id = ${teamId}`;
  out['device_inbound'] = sql`select * from device_inbound where device_id in (${teamDevices})`;
  out['device_campaign_days'] = sql`select * from device_campaign_days where device_id in (${teamDevices})`;
  const teamChats = sql`select id from chats where team_id = ${teamId}`;
  out['chat_members'] = sql`select * from chat_members where chat_id in (${teamChats})`;
  out['chat_messages'] = sql`select * from chat_messages where chat_id in (${teamChats})`;
  const teamUsers = sql`select id from users where team_id = ${teamId}`;
  out['sessions'] = sql`select * from sessions where user_id in (${teamUsers})`;
  out['login_codes'] = sql`select * from login_codes where user_id in (${teamUsers})
    or email in (select email from users where team_id = ${teamId})`;
  return out;
}
