import type { ReplyActionSettings } from '@prospector/core';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import {
  replyActions,
  replyActionSettings,
  statuses,
  teams,
  type ReplyActionUndo,
} from '../../db/schema/index.js';

/* The only writer of reply_actions and reply_action_settings (migration 0044). */

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
    itemId: string;
    statusId: string | null;
    assignedTo: string[];
    phone: string | null;
    identifierId: string | null;
    identifierStatus: string | null;
    identifierPrimary: boolean | null;
    hasPrimary: boolean;
  }>(
    db,
    sql`select i.id as "itemId", i.status_id as "statusId", i.assigned_to as "assignedTo", m.phone,
        d.id as "identifierId", d.status as "identifierStatus", d."primary" as "identifierPrimary",
        exists (select 1 from identifiers p where p.item_id = i.id and p."primary") as "hasPrimary"
      from messages m join items i on i.id = m.item_id
      left join identifiers d on d.item_id = i.id and d.value = m.phone
      where m.id = ${messageId}`,
  );
  return row ?? null;
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
