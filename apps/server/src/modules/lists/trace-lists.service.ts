import type { Db } from '../../db/client.js';
import * as q from './trace-lists.queries.js';

export type { TraceFigures, TraceListFigures } from './trace-lists.queries.js';

/*
 * A skip trace's writes on lists (ADR 048, ADR 062), in the trace's transaction: its figures, and the
 * owners it found joining the traced property's lists. The `…Part` functions are the lists' parts of
 * the trace's one-statement writes (the statement stays one).
 */
export const traceLists = {
  /** Adds a trace's figures to lists; answers their figures (none, and no statement, for no list). */
  addFigures: (tx: Db, listIds: readonly string[], f: q.TraceFigures) => q.addFigures(tx, listIds, f),
  /** The list's figures with the trace's added, answering `id, hits, landlines, dnc, cost`. */
  addFiguresPart: (listId: string, f: q.TraceFigures) => q.addFiguresPart(listId, f),
  /** Contacts joining lists; the new memberships answered by `list_id`. */
  addMembersPart: (members: readonly { listId: string; id: string }[]) => q.addMembersPart(members),
  /** Lists' contact counts raised by the CTE named `counted` (`list_id`, `n`). */
  countMembersPart: (counted: string) => q.countMembersPart(counted),
};
