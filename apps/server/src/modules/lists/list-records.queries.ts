import { emptyImportResult, type ImportResult, type ItemType } from '@prospector/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { jsonRows } from '../../db/json-rows.js';

/**
 * Lists as the public API fills them (ADR 043): an empty list made at once, records added to it, and
 * the counts the list's card shows, kept as imports keep them. Each statement is scoped by `team_id`.
 */
export async function teamListExists(db: Db, teamId: string, listId: string) {
  const rows = await queryRows(db, sql`select 1 from lists where team_id = ${teamId} and id = ${listId}`);
  return rows.length > 0;
}

/** A new, empty list first in the team's order, already 'imported' (nothing is coming into it). */
export async function insertEmptyList(
  db: Db,
  teamId: string,
  name: string,
  createdBy: string | null,
  now: Date,
) {
  const [row] = await queryRows<{ id: string; name: string; createdAt: Date | string }>(
    db,
    sql`insert into lists (team_id, name, position, state, result, created_by, created_at, imported_at)
        values (${teamId}, ${name},
          coalesce((select min(position) from lists where team_id = ${teamId}), 1) - 1,
          'imported', ${JSON.stringify(emptyImportResult())}::jsonb, ${createdBy}, ${now}, ${now})
        returning id, name, created_at as "createdAt"`,
  );
  return row!;
}

const COUNT_COLUMN = { contact: sql`item_count`, property: sql`prop_count`, company: sql`comp_count` };

/** The list card's counts, kept as imports keep them. */
export async function countIntoList(
  db: Db,
  listId: string,
  added: { contacts: number; properties: number; companies: number },
) {
  if (added.contacts + added.properties + added.companies === 0) return;
  await db.execute(
    sql`update lists set item_count = item_count + ${added.contacts}, prop_count = prop_count + ${added.properties},
          comp_count = comp_count + ${added.companies} where id = ${listId}`,
  );
}

/** How many of `ids` are the team's records of this type (a hidden one is gone). */
export async function countTeamRecords(db: Db, teamId: string, type: ItemType, ids: string[]) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from items where team_id = ${teamId} and type = ${type} and not hidden
          and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
  return row?.n ?? 0;
}

/** Adds the team's records of this type among `ids` to the list; answers how many it did not hold yet. */
export async function addTeamRecordsToList(
  db: Db,
  teamId: string,
  listId: string,
  type: ItemType,
  ids: string[],
) {
  return db.transaction(async (tx) => {
    const [added] = await queryRows<{ n: number }>(
      tx,
      sql`with added as (
            insert into list_items (list_id, type, item_id)
            select ${listId}, ${type}, i.id from items i
            where i.team_id = ${teamId} and i.type = ${type} and not i.hidden
              and i.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
            on conflict do nothing returning 1)
          select count(*)::int as n from added`,
    );
    const n = added?.n ?? 0;
    if (n > 0)
      await tx.execute(
        sql`update lists set ${COUNT_COLUMN[type]} = ${COUNT_COLUMN[type]} + ${n} where id = ${listId}`,
      );
    return n;
  });
}

/**
 * A bulk job's chunk of records added to a list, in the job's transaction (ADR 037): the ones it holds
 * already are skipped, and the list's card counts are counted again from its rows, as an import leaves
 * them (the job checked the list is the team's when it was made).
 */
export async function addToListWithin(tx: Db, listId: string, items: { id: string; type: string }[]) {
  await queryRows(
    tx,
    sql`insert into list_items (list_id, item_id, type)
      select ${listId}::uuid, x.id, x.type from ${jsonRows('x', items, { id: 'uuid', type: 'text' })}
      on conflict do nothing`,
  );
  await queryRows(
    tx,
    sql`update lists l set
        item_count = (select count(*)::int from list_items li where li.list_id = l.id and li.type = 'contact'),
        prop_count = (select count(*)::int from list_items li where li.list_id = l.id and li.type = 'property'),
        comp_count = (select count(*)::int from list_items li where li.list_id = l.id and li.type = 'company')
      where l.id = ${listId}::uuid`,
  );
}

/** A list an import made, with its job's mapping (null for a list that was not imported from a file). */
export async function findTeamImport(db: Db, teamId: string, listId: string) {
  const [row] = await queryRows<{
    id: string;
    name: string;
    state: 'importing' | 'imported' | 'failed';
    totalRows: number;
    rowsDone: number;
    error: string | null;
    result: ImportResult;
    fields: { name: string; type: ItemType; matchesTo: string }[] | null;
  }>(
    db,
    sql`select l.id, l.name, l.state, l.total_rows as "totalRows", l.rows_done as "rowsDone", l.error, l.result, j.fields
        from lists l left join import_jobs j on j.list_id = l.id
        where l.team_id = ${teamId} and l.id = ${listId}`,
  );
  return row ?? null;
}
