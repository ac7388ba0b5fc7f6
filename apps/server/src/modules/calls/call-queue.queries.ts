import type { CallStatus } from '@prospector/core';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { uuidArray } from '../../db/arrays.js';
import { queryRows, type Db } from '../../db/client.js';
import { callQueue, campaigns, items, users } from '../../db/schema/index.js';
import { setRecordsQueued } from '../records/index.js';
import { nameOf, phoneOf } from './call-contacts.queries.js';

/* Each member's call queue; a record's 'queued' flag on the board moves with it, through records. */

/**
 * The queue's owner may read the record (issue 36): an admin, an 'All data' member, or a member it is
 * assigned to. Checked when a record is queued and every time the queue is read or dialled, so a queue
 * drops a record the moment its owner's access narrows (unassigned, or 'All data' taken away).
 */
const ownerMayRead = (userId: SQL | string) =>
  sql`exists (select 1 from ${users} u where u.id = ${userId}
      and (u.role = 'admin' or u.data_access = 'All data' or ${items.assignedTo} @> array[u.id]))`;

type Enqueue = { teamId: string; userId: string; itemIds: string[]; campaignId: string | null; at: Date };

/**
 * Adds the team's contacts among `itemIds` to a member's queue; one already queued for anyone stays
 * where it is (a record is in one queue at most, so it is called at most once). Answers how many joined.
 */
export async function enqueue(db: Db, e: Enqueue) {
  return (await enqueueIds(db, e)).length;
}

/** Which of `e.itemIds` are the team's contacts the queue's owner may read. */
async function queueableIds(tx: Db, e: Enqueue) {
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.teamId, e.teamId),
        eq(items.type, 'contact'),
        inArray(items.id, e.itemIds),
        ownerMayRead(e.userId),
      ),
    );
  const found = new Set(rows.map((r) => r.id));
  return [...new Set(e.itemIds)].filter((id) => found.has(id));
}

/** `enqueue`, answering the ids that joined the queue. */
export async function enqueueIds(db: Db, e: Enqueue): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids = await queueableIds(tx, e);
    if (!ids.length) return [];
    const added = await tx
      .insert(callQueue)
      .values(
        ids.map((itemId) => ({
          teamId: e.teamId,
          userId: e.userId,
          itemId,
          campaignId: e.campaignId,
          queuedAt: e.at,
        })),
      )
      .onConflictDoNothing()
      .returning({ itemId: callQueue.itemId });
    await setRecordsQueued(
      tx,
      added.map((a) => a.itemId),
      true,
    );
    return added.map((a) => a.itemId);
  });
}

export type QueueRow = {
  id: number;
  itemId: string;
  name: string;
  phone: string | null;
  phoneStatus: '' | 'DNC' | 'Wrong #' | null;
  campaignId: string | null;
  campaignType: string | null;
  callStatus: CallStatus | null;
  queuedAt: Date;
  addressState?: string | null;
};

const queueColumns = {
  id: callQueue.id,
  itemId: callQueue.itemId,
  name: nameOf,
  phone: phoneOf('value').mapWith(String),
  phoneStatus: phoneOf('status').mapWith(String),
  campaignId: callQueue.campaignId,
  campaignType: campaigns.campaignType,
  callStatus: callQueue.callStatus,
  queuedAt: callQueue.queuedAt,
  /** The contact's own address state: its state's calling law applies (rules/state-law.ts). */
  addressState: sql<string | null>`${items.data}->>'State'`,
};

/** A member's queue entries the owner may still read, with `where`'s conditions, in order. */
async function queueOf(db: Db, teamId: string, userId: string, limit: number, ...where: (SQL | undefined)[]) {
  const rows = await db
    .select(queueColumns)
    .from(callQueue)
    .innerJoin(items, eq(items.id, callQueue.itemId))
    .leftJoin(campaigns, eq(campaigns.id, callQueue.campaignId))
    .where(and(eq(callQueue.teamId, teamId), eq(callQueue.userId, userId), ownerMayRead(userId), ...where))
    .orderBy(asc(callQueue.id))
    .limit(limit);
  return rows as QueueRow[];
}

/** A member's queue as the page shows it: entries still queued (no status, or a call in progress). */
export function listQueue(db: Db, teamId: string, userId: string, limit = 500): Promise<QueueRow[]> {
  return queueOf(
    db,
    teamId,
    userId,
    limit,
    sql`(${callQueue.callStatus} is null or ${callQueue.callStatus} in ('Ringing', 'In call', 'Machine'))`,
  );
}

/**
 * The next entries of a member's queue with no call status, in order, after `afterId` (a page of a
 * round that walks the whole queue); `withStatusOnly` (the member's noStatusCalls) passes over records
 * with no status, which stay queued.
 */
export function nextCandidates(
  db: Db,
  teamId: string,
  userId: string,
  limit: number,
  opts: { withStatusOnly?: boolean; afterId?: number } = {},
): Promise<QueueRow[]> {
  return queueOf(
    db,
    teamId,
    userId,
    limit,
    isNull(callQueue.callStatus),
    opts.withStatusOnly ? isNotNull(items.statusId) : undefined,
    opts.afterId !== undefined ? gt(callQueue.id, opts.afterId) : undefined,
  );
}

/**
 * What the dialler's "why not" needs of a member's queue: every entry still queued with no call
 * status, or skipped by the dialler, with its phone and whether its record has a status.
 */
export async function queueFacts(db: Db, teamId: string, userId: string) {
  const rows = await db
    .select({
      itemId: callQueue.itemId,
      callStatus: callQueue.callStatus,
      phone: phoneOf('value').mapWith(String),
      phoneStatus: phoneOf('status').mapWith(String),
      hasStatus: sql<boolean>`${items.statusId} is not null`,
      addressState: sql<string | null>`${items.data}->>'State'`,
    })
    .from(callQueue)
    .innerJoin(items, eq(items.id, callQueue.itemId))
    .where(
      and(
        eq(callQueue.teamId, teamId),
        eq(callQueue.userId, userId),
        sql`(${callQueue.callStatus} is null or ${callQueue.callStatus} = 'Skipped')`,
      ),
    );
  return rows as {
    itemId: string;
    callStatus: CallStatus | null;
    phone: string | null;
    phoneStatus: '' | 'DNC' | 'Wrong #' | null;
    hasStatus: boolean;
    addressState: string | null;
  }[];
}

/**
 * A call campaign's follow-up step (ADR 046): the records' queue entries whose last call ended go back
 * into the same member's queue for `campaignId`, in the caller's transaction. An entry still queued
 * (for this or another campaign) is left as it is and not answered. Answers the records queued again
 * and their members.
 */
export async function requeueEntries(
  tx: Db,
  teamId: string,
  campaignId: string,
  itemIds: readonly string[],
  at: Date,
) {
  if (itemIds.length === 0) return [];
  const rows = await queryRows<{ itemId: string; userId: string }>(
    tx,
    sql`update call_queue set call_status = null, campaign_id = ${campaignId}, queued_at = ${at}
      where team_id = ${teamId} and item_id = any(${uuidArray(itemIds)})
        and call_status is not null and call_status not in ('Ringing', 'In call', 'Machine')
      returning item_id as "itemId", user_id as "userId"`,
  );
  await setRecordsQueued(
    tx,
    rows.map((r) => r.itemId),
    true,
  );
  return rows;
}

/** Takes a record's follow-up calls of these campaigns out of the queues before they are dialled (a reply). */
export async function dropUncalledEntries(db: Db, teamId: string, itemId: string, campaignIds: string[]) {
  if (campaignIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(callQueue)
      .where(
        and(
          eq(callQueue.teamId, teamId),
          eq(callQueue.itemId, itemId),
          inArray(callQueue.campaignId, campaignIds),
          isNull(callQueue.callStatus),
        ),
      )
      .returning({ userId: callQueue.userId });
    if (gone.length) await setRecordsQueued(tx, [itemId], false);
    return gone.map((g) => g.userId);
  });
}

/** Takes an entry for a call: only one taker wins (it must still have no call status). */
export async function claimEntry(db: Db, id: number, status: CallStatus) {
  const [row] = await db
    .update(callQueue)
    .set({ callStatus: status })
    .where(and(eq(callQueue.id, id), isNull(callQueue.callStatus)))
    .returning({ id: callQueue.id });
  return !!row;
}

/** Gives back an entry taken for a call that was not placed after all. */
export async function releaseEntry(db: Db, id: number) {
  await db
    .update(callQueue)
    .set({ callStatus: null })
    .where(and(eq(callQueue.id, id), eq(callQueue.callStatus, 'Ringing')));
}

/** An entry's call moved on; the record stays 'queued' on the board while its call is live. */
export async function setEntryStatus(
  db: Db,
  teamId: string,
  itemId: string,
  status: CallStatus,
  stillQueued: boolean,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(callQueue)
      .set({ callStatus: status })
      .where(and(eq(callQueue.teamId, teamId), eq(callQueue.itemId, itemId)));
    await setRecordsQueued(tx, [itemId], stillQueued);
  });
}

export async function findEntry(db: Db, teamId: string, userId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(callQueue)
    .where(and(eq(callQueue.teamId, teamId), eq(callQueue.userId, userId), eq(callQueue.itemId, itemId)));
  return row ?? null;
}

/** Unqueues an entry with no call status (the only ones that may be). */
export async function unqueue(db: Db, teamId: string, userId: string, itemId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(callQueue)
      .where(
        and(
          eq(callQueue.teamId, teamId),
          eq(callQueue.userId, userId),
          eq(callQueue.itemId, itemId),
          isNull(callQueue.callStatus),
        ),
      )
      .returning();
    if (row) await setRecordsQueued(tx, [itemId], false);
    return !!row;
  });
}
