import type { Db } from '../../db/client.js';
import * as q from './reply-effects.queries.js';

/*
 * What a reply's actions (replies module) do to the record, and undo: each in the caller's transaction,
 * one write as before (ADR 048, ADR 062). Tasks keep the board's sort keys in step, as records' own do.
 */
export const replyEffects = {
  /** A phone's status and primary flag ('Wrong #', or its state before the action on undo). */
  setIdentifierState: (tx: Db, id: string, status: string | null, primary: boolean) =>
    q.setIdentifierState(tx, id, status, primary),
  setItemStatus: (tx: Db, itemId: string, statusId: string | null, at: Date) =>
    q.setItemStatus(tx, itemId, statusId, at),
  /** Closes the record's open tasks; answers their ids (for the undo). */
  closeOpenTasks: (tx: Db, itemId: string, at: Date) => q.closeOpenTasks(tx, itemId, at),
  reopenTasks: (tx: Db, itemId: string, ids: string[], at: Date) => q.reopenTasks(tx, itemId, ids, at),
  /** A task nobody created (the reply's action); answers its id. */
  addTask: (
    tx: Db,
    t: { teamId: string; itemId: string; text: string; due: Date; assignedTo: string[] },
    at: Date,
  ) => q.addTask(tx, t, at),
  deleteTask: (tx: Db, itemId: string, id: string, at: Date) => q.deleteTask(tx, itemId, id, at),
  /** The system message on the thread that says what the actions did. */
  addSystemMessage: (tx: Db, m: { teamId: string; itemId: string; body: string; at: Date }) =>
    q.addSystemMessage(tx, m),
};
