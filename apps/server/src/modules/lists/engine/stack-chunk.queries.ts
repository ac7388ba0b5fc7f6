import type { FieldValue, ItemType } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { jsonRows, jsonRowsText } from '../../../db/json-rows.js';

type Values = Record<string, FieldValue>;

type IdentifierRow = {
  itemId: string;
  value: string;
  isEmail: boolean;
  primary: boolean;
  status: string;
  position: number;
};
type Link = { f: string; t: string };
type Member = { id: string; type: ItemType };

/** The chunk's writes; links and list rows are split by whether they can already exist. */
export type Writes = {
  newItems: string[];
  created: Set<string>;
  updates: Map<string, { id: string; data: Values; custom: Values; searchText: string }>;
  identifiers: IdentifierRow[];
  keys: { key: string; itemId: string }[];
  links: Link[];
  oldLinks: Link[];
  members: Member[];
  oldMembers: Member[];
};

/**
 * One stacker per team at a time: two imports must not both create the same phone's contact. The
 * lock is its own statement, so the lookups after it see what the previous holder committed.
 */
export async function lockTeamStacker(tx: Db, teamId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stack:${teamId}`}))`);
}

/**
 * One found row: a phone or e-mail the team has (i), a DNC phone (d), a key (k), or a record's values
 * and assignees (x).
 */
export type Found = {
  kind: 'i' | 'd' | 'k' | 'x';
  k: string;
  itemId: string;
  data: Values;
  custom: Values;
  assignedTo: string[] | null;
};

/**
 * One statement for every lookup of a chunk: which of its phones and e-mails the team has (and which
 * are DNC), which of its keys, and the current values of the records they belong to.
 */
export function lookUpChunk(tx: Db, teamId: string, values: string, keys: string): Promise<Found[]> {
  return queryRows<Found>(
    tx,
    sql`with vals as (select jsonb_array_elements_text(${values}::jsonb) as v),
      ks as (select jsonb_array_elements_text(${keys}::jsonb) as k),
      owned as (select value as k, item_id from identifiers where team_id = ${teamId} and value in (select v from vals)),
      keyed as (select key as k, item_id from item_keys where team_id = ${teamId} and key in (select k from ks))
    select 'i' as kind, k, item_id as "itemId", null::jsonb as data, null::jsonb as custom, null::uuid[] as "assignedTo" from owned
    union all
    select 'd', value, null, null, null, null from dnc_phones where team_id = ${teamId} and value in (select v from vals)
    union all
    select 'k', k, item_id, null, null, null from keyed
    union all
    select 'x', id::text, id, data, custom, assigned_to from items
      where team_id = ${teamId} and id in (select item_id from owned union select item_id from keyed)`,
  );
}

/**
 * On a database that runs one transaction at a time (PGlite), the chunk's writes skip the foreign-key
 * checks until `checkReferencesAgain` (ADR 064): what they point at is the team, the list whose lease
 * this transaction renewed, records the same statement inserts or this transaction's lookups found, and
 * the team's 'Not contacted' status, which this statement confirms; nothing else can commit meanwhile.
 * The tables' own triggers fire regardless (they are `ENABLE ALWAYS`, migration 0066). Answers whether
 * the status is still there, so a status deleted since the job began is not written.
 */
export async function skipReferenceChecks(tx: Db, statusId: string | null): Promise<boolean> {
  const [row] = await queryRows<{ role: string; kept: boolean }>(
    tx,
    sql`select set_config('session_replication_role', 'replica', true) as role,
      exists (select 1 from statuses where id = ${statusId}) as kept`,
  );
  return row?.kept ?? false;
}

/** Ends `skipReferenceChecks`: the rest of the transaction is checked again. */
export async function checkReferencesAgain(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('session_replication_role', 'origin', true)`);
}

/** A new item's JSON, as the planner writes it (plan-chunk.ts) and `stackChunk` completes it. */
const NEW_ITEM = {
  id: 'uuid',
  type: 'text',
  statusId: 'uuid',
  data: 'jsonb',
  custom: 'jsonb',
  searchText: 'text',
} as const;
const IDENTIFIER = {
  itemId: 'uuid',
  value: 'text',
  isEmail: 'boolean',
  primary: 'boolean',
  status: 'text',
  position: 'int',
} as const;
const LINK = { f: 'uuid', t: 'uuid' } as const;
const MEMBER = { id: 'uuid', type: 'text' } as const;

/**
 * The chunk's records in one statement: new items, the values merged into existing ones, phones,
 * e-mails and keys. Its foreign keys are checked at the end of the statement, so identifiers and keys
 * may point at the items it inserts.
 */
export async function writeRecords(tx: Db, teamId: string, now: Date, w: Writes): Promise<void> {
  await tx.execute(
    sql`with new_items as (
      insert into items (id, team_id, type, status_id, data, custom, last_activity_at, search_text, created_at, updated_at)
      select x.id, ${teamId}, x.type, x."statusId", x.data, x.custom, ${now}, x."searchText", ${now}, ${now}
      from ${jsonRowsText('x', `[${w.newItems.join(',')}]`, NEW_ITEM)}
    ), updated as (
      update items i set data = x.data, custom = x.custom, search_text = x."searchText", updated_at = ${now}
      from ${jsonRows('x', [...w.updates.values()], { id: 'uuid', data: 'jsonb', custom: 'jsonb', searchText: 'text' })}
      where i.id = x.id and i.team_id = ${teamId}
    ), new_identifiers as (
      insert into identifiers (team_id, item_id, value, is_email, "primary", status, position, created_at)
      select ${teamId}, x."itemId", x.value, x."isEmail", x."primary", x.status, x.position, ${now}
      from ${jsonRows('x', w.identifiers, IDENTIFIER)}
      on conflict (team_id, value) do nothing
    )
    insert into item_keys (team_id, key, item_id)
    select ${teamId}, x.key, x."itemId" from ${jsonRows('x', w.keys, { key: 'text', itemId: 'uuid' })}
    on conflict do nothing`,
  );
}

/**
 * The chunk's links between records and its list rows, in one statement after its records (same
 * transaction); answers how many list rows of each type it added.
 */
export function writeLinks(
  tx: Db,
  { teamId, listId }: { teamId: string; listId: string },
  w: Writes,
): Promise<{ type: ItemType; n: number }[]> {
  return queryRows<{ type: ItemType; n: number }>(
    tx,
    sql`with new_links as (
      insert into item_links (team_id, from_id, to_id)
      select ${teamId}, x.f, x.t from ${jsonRows('x', w.links, LINK)}
    ), old_links as (
      insert into item_links (team_id, from_id, to_id)
      select ${teamId}, x.f, x.t from ${jsonRows('x', w.oldLinks, LINK)}
      on conflict do nothing
    ), new_members as (
      insert into list_items (list_id, type, item_id)
      select ${listId}, x.type, x.id from ${jsonRows('x', w.members, MEMBER)}
      returning type
    ), old_members as (
      insert into list_items (list_id, type, item_id)
      select ${listId}, x.type, x.id from ${jsonRows('x', w.oldMembers, MEMBER)}
      on conflict do nothing returning type
    )
    select type, count(*)::int as n from (select type from new_members union all select type from old_members) m
    group by type`,
  );
}
