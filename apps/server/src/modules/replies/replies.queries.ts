import type { ReplyLabel } from '@prospector/core';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { uuidArray } from '../../db/arrays.js';
import { messages, replyLabels } from '../../db/schema/index.js';

/* The only writer of reply_labels (migration 0038). */

export type ReplyLabelRow = typeof replyLabels.$inferSelect;

export async function insertReplyLabel(
  db: Db,
  row: typeof replyLabels.$inferInsert,
): Promise<ReplyLabelRow | null> {
  const [inserted] = await db.insert(replyLabels).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export function listForItem(db: Db, itemId: string): Promise<ReplyLabelRow[]> {
  return db
    .select()
    .from(replyLabels)
    .where(eq(replyLabels.itemId, itemId))
    .orderBy(asc(replyLabels.createdAt));
}

/** A received text's label with the text's words. */
export async function findWithBody(db: Db, teamId: string, messageId: string) {
  const [row] = await db
    .select({ label: replyLabels, body: messages.body })
    .from(replyLabels)
    .innerJoin(messages, eq(messages.id, replyLabels.messageId))
    .where(and(eq(replyLabels.teamId, teamId), eq(replyLabels.messageId, messageId)));
  return row ?? null;
}

export async function setMemberLabel(db: Db, messageId: string, label: ReplyLabel, userId: string, at: Date) {
  const [row] = await db
    .update(replyLabels)
    .set({ label, source: 'member', confidence: 1, needsLook: false, correctedBy: userId, correctedAt: at })
    .where(eq(replyLabels.messageId, messageId))
    .returning();
  return row!;
}

/** A team's corrections, oldest first, with the texts they label (its model learns them). */
export function listCorrections(db: Db, teamId: string) {
  return db
    .select({ text: messages.body, label: replyLabels.label })
    .from(replyLabels)
    .innerJoin(messages, eq(messages.id, replyLabels.messageId))
    .where(and(eq(replyLabels.teamId, teamId), isNotNull(replyLabels.correctedAt)))
    .orderBy(asc(replyLabels.correctedAt));
}

/**
 * Records per label of their latest labelled reply, and how many of those need a look; `userId` limits
 * them to the records assigned to that member ('Only assigned').
 */
export async function countLatestLabels(db: Db, teamId: string, userId: string | null) {
  return queryRows<{ label: ReplyLabel; n: number; look: number }>(
    db,
    sql`select l.label, count(*)::int as n, count(*) filter (where l.needs_look)::int as look
      from (select distinct on (item_id) item_id, label, needs_look from reply_labels
            where team_id = ${teamId} order by item_id, created_at desc) l
      join items i on i.id = l.item_id
      where ${userId}::uuid is null or ${userId}::uuid = any(i.assigned_to)
      group by l.label`,
  );
}

/** The latest label of each of these records; `userId` limits them to those assigned to that member. */
export function latestLabels(db: Db, teamId: string, itemIds: readonly string[], userId: string | null) {
  return queryRows<{ itemId: string; label: ReplyLabel }>(
    db,
    sql`select distinct on (l.item_id) l.item_id as "itemId", l.label from reply_labels l
      join items i on i.id = l.item_id
      where l.team_id = ${teamId} and l.item_id = any(${uuidArray(itemIds)})
        and (${userId}::uuid is null or ${userId}::uuid = any(i.assigned_to))
      order by l.item_id, l.created_at desc`,
  );
}

/** Received texts with no label yet, oldest first, after the cursor (the background pass). */
export function listUnlabelled(db: Db, after: { at: Date; id: string } | null, limit: number) {
  return queryRows<{ id: string; teamId: string; itemId: string; body: string; createdAt: Date | string }>(
    db,
    sql`select m.id, m.team_id as "teamId", m.item_id as "itemId", m.body, m.created_at as "createdAt" from messages m
      where m.direction = 'in' and not m.system and not m.comment and m.status = 'received'
        and not exists (select 1 from reply_labels l where l.message_id = m.id)
        ${after ? sql`and (m.created_at, m.id) > (${after.at}, ${after.id}::uuid)` : sql``}
      order by m.created_at, m.id limit ${limit}`,
  );
}

export async function insertReplyLabels(db: Db, rows: (typeof replyLabels.$inferInsert)[]) {
  if (rows.length) await db.insert(replyLabels).values(rows).onConflictDoNothing();
}

/** A team's received texts, and how many of them carry a label. */
export async function countLabelled(db: Db, teamId: string) {
  const [row] = await queryRows<{ received: number; labelled: number }>(
    db,
    sql`select count(*)::int as received, count(l.message_id)::int as labelled from messages m
      left join reply_labels l on l.message_id = m.id
      where m.team_id = ${teamId} and m.direction = 'in' and not m.system and not m.comment and m.status = 'received'`,
  );
  return row ?? { received: 0, labelled: 0 };
}
