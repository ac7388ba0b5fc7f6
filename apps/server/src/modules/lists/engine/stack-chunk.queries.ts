import type { FieldValue, ItemType } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';

type Values = Record<string, FieldValue>;

type IdentifierRow = {
  item_id: string;
  value: string;
  is_email: boolean;
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
  updates: Map<string, { id: string; data: Values; custom: Values; search_text: string }>;
  identifiers: IdentifierRow[];
  keys: { key: string; item_id: string }[];
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
  item_id: string;
  data: Values;
  custom: Values;
  assigned_to: string[] | null;
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
    select 'i' as kind, k, item_id, null::jsonb as data, null::jsonb as custom, null::uuid[] as assigned_to from owned
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

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * The chunk's records in one statement: new items, the values merged into existing ones, phones,
 * e-mails and keys. Its foreign keys are checked at the end of the statement, so identifiers and keys
 * may point at the items it inserts.
 */
export async function writeRecords(tx: Db, teamId: string, now: Date, w: Writes): Promise<void> {
  await tx.execute(
    sql`with new_items as (
      insert into items (id, team_id, type, status_id, data, custom, last_activity_at, search_text, created_at, updated_at)
      select x.id, ${teamId}, x.type, x.status_id, x.data, x.custom, ${now}, x.search_text, ${now}, ${now}
      from jsonb_to_recordset(${`[${w.newItems.join(',')}]`}::jsonb)
        as x(id uuid, type text, status_id uuid, data jsonb, custom jsonb, search_text text)
    ), updated as (
      update items i set data = x.data, custom = x.custom, search_text = x.search_text, updated_at = ${now}
      from jsonb_to_recordset(${json([...w.updates.values()])}) as x(id uuid, data jsonb, custom jsonb, search_text text)
      where i.id = x.id and i.team_id = ${teamId}
    ), new_identifiers as (
      insert into identifiers (team_id, item_id, value, is_email, "primary", status, position, created_at)
      select ${teamId}, x.item_id, x.value, x.is_email, x."primary", x.status, x.position, ${now}
      from jsonb_to_recordset(${json(w.identifiers)})
        as x(item_id uuid, value text, is_email boolean, "primary" boolean, status text, position int)
      on conflict (team_id, value) do nothing
    )
    insert into item_keys (team_id, key, item_id)
    select ${teamId}, x.key, x.item_id from jsonb_to_recordset(${json(w.keys)}) as x(key text, item_id uuid)
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
      select ${teamId}, x.f, x.t from jsonb_to_recordset(${json(w.links)}) as x(f uuid, t uuid)
    ), old_links as (
      insert into item_links (team_id, from_id, to_id)
      select ${teamId}, x.f, x.t from jsonb_to_recordset(${json(w.oldLinks)}) as x(f uuid, t uuid)
      on conflict do nothing
    ), new_members as (
      insert into list_items (list_id, type, item_id)
      select ${listId}, x.type, x.id from jsonb_to_recordset(${json(w.members)}) as x(id uuid, type text)
      returning type
    ), old_members as (
      insert into list_items (list_id, type, item_id)
      select ${listId}, x.type, x.id from jsonb_to_recordset(${json(w.oldMembers)}) as x(id uuid, type text)
      on conflict do nothing returning type
    )
    select type, count(*)::int as n from (select type from new_members union all select type from old_members) m
    group by type`,
  );
}
