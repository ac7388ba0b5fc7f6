import { emptyImportResult } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/**
 * The public API's reads of contacts, threads and lists (ADR 043): one statement per answer, each
 * scoped by `team_id` (and by row-level security, as the request runs as its key's team).
 */
export type ContactRow = {
  id: string;
  status_id: string | null;
  data: Record<string, string | number | boolean | null>;
  created_at: Date | string;
  updated_at: Date | string;
  phones: string[] | null;
  emails: string[] | null;
};

const CONTACT = sql`select i.id, i.status_id, i.data, i.created_at, i.updated_at,
    array(select d.value from identifiers d where d.item_id = i.id and not d.is_email order by d.position, d.value) as phones,
    array(select d.value from identifiers d where d.item_id = i.id and d.is_email order by d.position, d.value) as emails
  from items i`;

export async function findContact(db: Db, teamId: string, id: string) {
  const [row] = await queryRows<ContactRow>(
    db,
    sql`${CONTACT} where i.team_id = ${teamId} and i.id = ${id} and i.type = 'contact'`,
  );
  return row ?? null;
}

/** A page of contacts in creation order after `after` (exclusive). */
export function pageContacts(
  db: Db,
  teamId: string,
  after: { createdAt: string; id: string } | null,
  limit: number,
) {
  const from = after
    ? sql`and (i.created_at, i.id) > (${new Date(after.createdAt)}, ${after.id}::uuid)`
    : sql``;
  return queryRows<ContactRow>(
    db,
    sql`${CONTACT} where i.team_id = ${teamId} and i.type = 'contact' ${from}
        order by i.created_at, i.id limit ${limit}`,
  );
}

export async function updateContactData(
  db: Db,
  teamId: string,
  id: string,
  patch: Record<string, string>,
  searchText: (data: ContactRow['data']) => string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ data: ContactRow['data'] }>(
      tx,
      sql`select data from items where team_id = ${teamId} and id = ${id} and type = 'contact' for update`,
    );
    if (!row) return false;
    const data = { ...row.data, ...patch };
    await tx.execute(
      sql`update items set data = ${JSON.stringify(data)}::jsonb, search_text = ${searchText(data)},
            updated_at = ${now} where id = ${id}`,
    );
    return true;
  });
}

export function threadTexts(db: Db, teamId: string, itemId: string) {
  return queryRows<{
    id: string;
    direction: 'in' | 'out';
    body: string;
    phone: string | null;
    status: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select id, direction, body, phone, status, created_at from messages
        where team_id = ${teamId} and item_id = ${itemId} and not comment and not system
        order by created_at desc limit 200`,
  );
}

export async function listExists(db: Db, teamId: string, listId: string) {
  const rows = await queryRows(db, sql`select 1 from lists where team_id = ${teamId} and id = ${listId}`);
  return rows.length > 0;
}

export async function insertList(db: Db, teamId: string, name: string, now: Date) {
  const [row] = await queryRows<{ id: string; name: string; created_at: Date | string }>(
    db,
    sql`insert into lists (team_id, name, position, state, result, created_at, imported_at)
        values (${teamId}, ${name},
          coalesce((select min(position) from lists where team_id = ${teamId}), 1) - 1,
          'imported', ${JSON.stringify(emptyImportResult())}::jsonb, ${now}, ${now})
        returning id, name, created_at`,
  );
  return row!;
}

/** Adds the team's contacts among `ids` to the list; answers how many it did not hold yet. */
export async function addContactsToList(db: Db, teamId: string, listId: string, ids: string[]) {
  return db.transaction(async (tx) => {
    const [added] = await queryRows<{ n: number }>(
      tx,
      sql`with added as (
            insert into list_items (list_id, type, item_id)
            select ${listId}, 'contact', i.id from items i
            where i.team_id = ${teamId} and i.type = 'contact' and i.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
            on conflict do nothing returning 1)
          select count(*)::int as n from added`,
    );
    const n = added?.n ?? 0;
    if (n > 0) await countIntoList(tx, listId, n);
    return n;
  });
}

/** The list card's contact count, kept as imports keep it. */
export async function countIntoList(db: Db, listId: string, contacts: number) {
  await db.execute(sql`update lists set item_count = item_count + ${contacts} where id = ${listId}`);
}

/** How many of `ids` are the team's contacts. */
export async function countTeamContacts(db: Db, teamId: string, ids: string[]) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from items where team_id = ${teamId} and type = 'contact' and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
  return row?.n ?? 0;
}

/** The team's contact that holds one of these phones or e-mails. */
export async function contactIdByIdentifier(db: Db, teamId: string, values: string[]) {
  const [row] = await queryRows<{ item_id: string }>(
    db,
    sql`select item_id from identifiers where team_id = ${teamId} and value in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)) limit 1`,
  );
  return row?.item_id ?? null;
}
