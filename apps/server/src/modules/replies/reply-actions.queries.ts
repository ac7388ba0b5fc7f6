import type { ReplyActionSettings } from '@prospector/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  identifiers,
  items,
  messages,
  replyActions,
  replyActionSettings,
  statuses,
  tasks,
  teams,
  type ReplyActionUndo,
} from '../../db/schema/index.js';

/* The only writer of reply_actions and reply_action_settings (migration 0044). */

/**
 * Keeps the record's board sort keys (open task count, first open due) in step with its tasks, as the
 * records module's tasks do (records.queries' refreshTaskKeys: another module's queries are not imported).
 */
async function refreshTaskKeys(db: Db, itemId: string, now: Date) {
  await db.execute(sql`
    update items set
      open_task_count = (select count(*) from tasks t where t.item_id = ${itemId} and not t.completed and t.text <> ''),
      first_open_task_due = (select min(t.due) from tasks t where t.item_id = ${itemId} and not t.completed and t.text <> ''),
      last_activity_at = ${now.toISOString()}::timestamptz
    where id = ${itemId}`);
}

export type ReplyActionRow = typeof replyActions.$inferSelect;

export async function findSettings(db: Db, teamId: string) {
  const [row] = await db
    .select({ settings: replyActionSettings.settings })
    .from(replyActionSettings)
    .where(eq(replyActionSettings.teamId, teamId));
  return row?.settings ?? null;
}

export async function saveSettings(db: Db, teamId: string, settings: ReplyActionSettings, at: Date) {
  await db
    .insert(replyActionSettings)
    .values({ teamId, settings, updatedAt: at })
    .onConflictDoUpdate({ target: replyActionSettings.teamId, set: { settings, updatedAt: at } });
}

export function teamStatuses(db: Db, teamId: string) {
  return db
    .select({ id: statuses.id, text: statuses.text })
    .from(statuses)
    .where(eq(statuses.teamId, teamId))
    .orderBy(statuses.position);
}

export async function teamZone(db: Db, teamId: string) {
  const [row] = await db.select({ timezone: teams.timezone }).from(teams).where(eq(teams.id, teamId));
  return row?.timezone ?? null;
}

/** The record a reply came to, with the number it came from (its identifier on the record). */
export async function replyContext(db: Db, messageId: string) {
  const [row] = await queryRows<{
    item_id: string;
    status_id: string | null;
    assigned_to: string[];
    phone: string | null;
    identifier_id: string | null;
    identifier_status: string | null;
    identifier_primary: boolean | null;
    has_primary: boolean;
  }>(
    db,
    sql`select i.id as item_id, i.status_id, i.assigned_to, m.phone,
        d.id as identifier_id, d.status as identifier_status, d."primary" as identifier_primary,
        exists (select 1 from identifiers p where p.item_id = i.id and p."primary") as has_primary
      from messages m join items i on i.id = m.item_id
      left join identifiers d on d.item_id = i.id and d.value = m.phone
      where m.id = ${messageId}`,
  );
  return row ?? null;
}

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

export async function addSystemMessage(
  db: Db,
  m: { teamId: string; itemId: string; body: string; at: Date },
) {
  const [row] = await db
    .insert(messages)
    .values({
      teamId: m.teamId,
      itemId: m.itemId,
      body: m.body,
      direction: 'in',
      system: true,
      createdAt: m.at,
    })
    .returning();
  return row!;
}

export async function insertAction(db: Db, row: typeof replyActions.$inferInsert) {
  const [inserted] = await db.insert(replyActions).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findAction(db: Db, teamId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(replyActions)
    .where(and(eq(replyActions.teamId, teamId), eq(replyActions.messageId, messageId)));
  return row ?? null;
}

/** Marks the actions undone, once: answers null when another Undo came first. */
export async function markUndone(db: Db, messageId: string, userId: string, at: Date) {
  const [row] = await db
    .update(replyActions)
    .set({ undoneBy: userId, undoneAt: at })
    .where(and(eq(replyActions.messageId, messageId), sql`${replyActions.undoneAt} is null`))
    .returning();
  return row ?? null;
}

export function actionsForItem(db: Db, itemId: string) {
  return db.select().from(replyActions).where(eq(replyActions.itemId, itemId));
}

export type { ReplyActionUndo };
