import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { identifiers, items, tasks } from '../../db/schema/index.js';
import { insertMessage, refreshTaskKeys } from './records.queries.js';

/*
 * What a reply's actions do to its record, and their undo (ADR 048, ADR 062): the replies module owns
 * the actions it took; the record's phone, status, tasks and thread are written here, in its transaction.
 */

export async function setIdentifierState(db: Db, id: string, status: string | null, primary: boolean) {
  const value = (status ?? '') as (typeof identifiers.$inferInsert)['status'];
  await db.update(identifiers).set({ status: value, primary }).where(eq(identifiers.id, id));
}

export async function setItemStatus(db: Db, itemId: string, statusId: string | null, at: Date) {
  await db.update(items).set({ statusId, updatedAt: at, lastActivityAt: at }).where(eq(items.id, itemId));
}

/** Closes the record's open tasks; answers their ids. */
export async function closeOpenTasks(db: Db, itemId: string, at: Date) {
  const rows = await db
    .update(tasks)
    .set({ completed: true })
    .where(and(eq(tasks.itemId, itemId), eq(tasks.completed, false)))
    .returning({ id: tasks.id });
  await refreshTaskKeys(db, itemId, at);
  return rows.map((r) => r.id);
}

export async function reopenTasks(db: Db, itemId: string, ids: string[], at: Date) {
  if (ids.length) await db.update(tasks).set({ completed: false }).where(inArray(tasks.id, ids));
  await refreshTaskKeys(db, itemId, at);
}

export async function addTask(
  db: Db,
  t: { teamId: string; itemId: string; text: string; due: Date; assignedTo: string[] },
  at: Date,
) {
  const [row] = await db
    .insert(tasks)
    .values({ ...t, createdBy: null, createdAt: at })
    .returning({ id: tasks.id });
  await refreshTaskKeys(db, t.itemId, at);
  return row!.id;
}

export async function deleteTask(db: Db, itemId: string, id: string, at: Date) {
  await db.delete(tasks).where(eq(tasks.id, id));
  await refreshTaskKeys(db, itemId, at);
}

export function addSystemMessage(db: Db, m: { teamId: string; itemId: string; body: string; at: Date }) {
  return insertMessage(db, {
    teamId: m.teamId,
    itemId: m.itemId,
    body: m.body,
    direction: 'in',
    system: true,
    createdAt: m.at,
  });
}
