import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { jsonRows } from '../../db/json-rows.js';

/*
 * What a skip trace writes on lists (ADR 048, ADR 062): its figures, and the owners it found joining the
 * traced property's lists. A batch's writes stay one statement each; these are the lists' parts of them.
 */

export type TraceListFigures = { id: string; hits: number; landlines: number; dnc: number; cost: number };
export type TraceFigures = { hits: number; landlines: number; dnc: number; cost: number };

/** The trace's figures added (cost in credit units; the list keeps dollars). */
const added = (f: TraceFigures) =>
  sql`hits = hits + ${f.hits}, landlines = landlines + ${f.landlines}, dnc = dnc + ${f.dnc},
      cost = round((cost + ${f.cost}::float8 / 10000)::numeric, 4)::float8`;

/** A statement part: the list's figures with the trace's added, answering the list's figures. */
export const addFiguresPart = (listId: string, f: TraceFigures): SQL =>
  sql`update lists set ${added(f)} where id = ${listId} returning id, hits, landlines, dnc, cost`;

/** Adds a trace's figures to lists; answers their figures. */
export async function addFigures(tx: Db, listIds: readonly string[], f: TraceFigures) {
  if (listIds.length === 0) return [];
  return queryRows<TraceListFigures>(
    tx,
    sql`update lists set ${added(f)}
        where id in (select jsonb_array_elements_text(${JSON.stringify(listIds)}::jsonb)::uuid)
        returning id, hits, landlines, dnc, cost`,
  );
}

/** A statement part: contacts joining lists (`listId`, `id`), those new answered by `list_id`. */
export const addMembersPart = (members: readonly { listId: string; id: string }[]): SQL =>
  sql`insert into list_items (list_id, type, item_id)
      select x."listId", 'contact', x.id from ${jsonRows('x', members, { listId: 'uuid', id: 'uuid' })}
      on conflict do nothing returning list_id`;

/** A statement part: lists' contact counts raised by the CTE named `counted` (`list_id`, `n`). */
export const countMembersPart = (counted: string): SQL =>
  sql`update lists set item_count = item_count + c.n from ${sql.identifier(counted)} c where lists.id = c.list_id returning 1`;
