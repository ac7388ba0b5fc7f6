import type { Db } from '../../db/client.js';
import * as q from './record-calls.queries.js';

/*
 * What the calls module writes on records (ADR 048, ADR 062): the board's 'queued' flag, a caller's new
 * contact and a call on the record's thread. The calls module owns its queue and calls; the records'
 * rows are written here, in the caller's transaction where it holds one, with the statements it made.
 */

export type { CallOnThread } from './record-calls.queries.js';

/** The board's 'queued' flag of these records, in the queue's transaction: one statement, none if empty. */
export const setRecordsQueued = (tx: Db, itemIds: readonly string[], queued: boolean) =>
  q.setRecordsQueued(tx, itemIds, queued);

/** A caller the team does not have: a new 'Not contacted' contact with the number primary; its id. */
export const createContactFromCall = (db: Db, c: { teamId: string; phone: string; at: Date }) =>
  q.createContactFromCall(db, c);

/** A call on the record's thread, and the record's activity (and 'last contacted') moved to it. */
export const addCallToThread = (db: Db, m: q.CallOnThread) => q.addCallToThread(db, m);
