import type { CallStatus } from '@prospector/core';
import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { uuidArray } from '../../db/arrays.js';
import { queryRows, type Db } from '../../db/client.js';
import { setRecordsQueued } from '../records/index.js';
import {
  callNumbers,
  callQueue,
  calls,
  campaigns,
  identifiers,
  items,
  statusCallSettings,
  teams,
  userCallSettings,
  users,
  voiceAccounts,
  voicemails,
} from '../../db/schema/index.js';

export type CallRow = typeof calls.$inferSelect;
export type VoicemailRow = typeof voicemails.$inferSelect;

// ------------------------------------------------------------------ numbers

export const listNumbers = (db: Db, teamId: string) =>
  db.select().from(callNumbers).where(eq(callNumbers.teamId, teamId)).orderBy(asc(callNumbers.createdAt));

export async function insertNumber(db: Db, row: typeof callNumbers.$inferInsert) {
  const [n] = await db.insert(callNumbers).values(row).returning();
  return n!;
}

export async function deleteNumber(db: Db, teamId: string, id: string) {
  const [n] = await db
    .delete(callNumbers)
    .where(and(eq(callNumbers.teamId, teamId), eq(callNumbers.id, id)))
    .returning();
  return n ?? null;
}

/** The team that owns a number (an inbound call's destination). */
export async function findNumberOwner(db: Db, number: string) {
  const [n] = await db.select().from(callNumbers).where(eq(callNumbers.number, number)).limit(1);
  return n ?? null;
}

// ------------------------------------------------------------------ voice accounts (ADR 026)

export async function findVoiceAccount(db: Db, teamId: string) {
  const [a] = await db.select().from(voiceAccounts).where(eq(voiceAccounts.teamId, teamId));
  return a ?? null;
}

export async function findVoiceAccountBySid(db: Db, sid: string) {
  const [a] = await db.select().from(voiceAccounts).where(eq(voiceAccounts.sid, sid));
  return a ?? null;
}

/** Keeps the first sub-account a team got: a second one opened meanwhile is answered as null. */
export async function insertVoiceAccount(db: Db, row: typeof voiceAccounts.$inferInsert) {
  const [a] = await db.insert(voiceAccounts).values(row).onConflictDoNothing().returning();
  return a ?? null;
}

/** Every team's sub-account, with its team's name and how many numbers the team holds. */
export async function listVoiceAccounts(db: Db) {
  return db
    .select({
      sid: voiceAccounts.sid,
      teamId: voiceAccounts.teamId,
      teamName: teams.name,
      phoneCount:
        sql<number>`(select count(*) from ${callNumbers} n where n.team_id = ${voiceAccounts.teamId})`.mapWith(
          Number,
        ),
    })
    .from(voiceAccounts)
    .innerJoin(teams, eq(teams.id, voiceAccounts.teamId))
    .orderBy(asc(voiceAccounts.createdAt));
}

export async function teamName(db: Db, teamId: string) {
  const [t] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return t?.name ?? null;
}

/** Drops numbers from a team by their provider sids. */
export async function deleteNumbersBySid(db: Db, teamId: string, providerSids: string[]) {
  if (providerSids.length === 0) return [];
  return db
    .delete(callNumbers)
    .where(and(eq(callNumbers.teamId, teamId), inArray(callNumbers.providerSid, providerSids)))
    .returning();
}

/** A number the team keeps under a new line: the row stays, with the new number and its sid. */
export async function swapNumber(
  db: Db,
  teamId: string,
  oldSid: string,
  next: { number: string; providerSid: string },
) {
  const [n] = await db
    .update(callNumbers)
    .set(next)
    .where(and(eq(callNumbers.teamId, teamId), eq(callNumbers.providerSid, oldSid)))
    .returning();
  return n ?? null;
}

// ------------------------------------------------------------------ voicemails

export async function insertVoicemail(db: Db, row: typeof voicemails.$inferInsert) {
  const [v] = await db.insert(voicemails).values(row).returning();
  return v!;
}

export const listVoicemails = (db: Db, teamId: string) =>
  db.select().from(voicemails).where(eq(voicemails.teamId, teamId)).orderBy(asc(voicemails.createdAt));

export async function findVoicemail(db: Db, teamId: string, id: string) {
  const [v] = await db
    .select()
    .from(voicemails)
    .where(and(eq(voicemails.teamId, teamId), eq(voicemails.id, id)));
  return v ?? null;
}

/** A voicemail by id alone: the signed link the provider fetches carries no team. */
export async function findVoicemailById(db: Db, id: string) {
  const [v] = await db.select().from(voicemails).where(eq(voicemails.id, id));
  return v ?? null;
}

export async function renameVoicemail(db: Db, teamId: string, id: string, name: string) {
  const [v] = await db
    .update(voicemails)
    .set({ name })
    .where(and(eq(voicemails.teamId, teamId), eq(voicemails.id, id)))
    .returning();
  return v ?? null;
}

export async function deleteVoicemail(db: Db, teamId: string, id: string) {
  const [v] = await db
    .delete(voicemails)
    .where(and(eq(voicemails.teamId, teamId), eq(voicemails.id, id)))
    .returning();
  return v ?? null;
}

// ------------------------------------------------------------------ queue

/**
 * Adds the team's contacts among `itemIds` to a member's queue; one already queued for anyone stays
 * where it is (a record is in one queue at most, so it is called at most once). Answers how many joined.
 */
/**
 * The queue's owner may read the record (issue 36): an admin, an 'All data' member, or a member it is
 * assigned to. Checked when a record is queued and every time the queue is read or dialled, so a queue
 * drops a record the moment its owner's access narrows (unassigned, or 'All data' taken away).
 */
const ownerMayRead = (userId: SQL | string) =>
  sql`exists (select 1 from ${users} u where u.id = ${userId}
      and (u.role = 'admin' or u.data_access = 'All data' or ${items.assignedTo} @> array[u.id]))`;

export async function enqueue(
  db: Db,
  e: { teamId: string; userId: string; itemIds: string[]; campaignId: string | null; at: Date },
) {
  return (await enqueueIds(db, e)).length;
}

/** `enqueue`, answering the ids that joined the queue. */
export async function enqueueIds(
  db: Db,
  e: { teamId: string; userId: string; itemIds: string[]; campaignId: string | null; at: Date },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const found = new Set(
      (
        await tx
          .select({ id: items.id })
          .from(items)
          .where(
            and(
              eq(items.teamId, e.teamId),
              eq(items.type, 'contact'),
              inArray(items.id, e.itemIds),
              ownerMayRead(e.userId),
            ),
          )
      ).map((r) => r.id),
    );
    const ids = [...new Set(e.itemIds)].filter((id) => found.has(id));
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

const nameOf = sql<string>`trim(coalesce("items"."data"->>'First name', '') || ' ' || coalesce("items"."data"->>'Last name', ''))`;
/** The number a record is called on: its primary phone, else its first phone. */
const phoneOf = (column: 'value' | 'status') =>
  // "items"."id" spelled out: drizzle drops the table name in a one-table select, which would bind to i.id.
  sql`(select i.${sql.identifier(column)} from ${identifiers} i where i.item_id = "items"."id" and not i.is_email order by i."primary" desc, i.position, i.created_at limit 1)`;

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

/** A member's queue as the page shows it: entries still queued (no status, or a call in progress). */
export async function listQueue(db: Db, teamId: string, userId: string, limit = 500): Promise<QueueRow[]> {
  const rows = await db
    .select(queueColumns)
    .from(callQueue)
    .innerJoin(items, eq(items.id, callQueue.itemId))
    .leftJoin(campaigns, eq(campaigns.id, callQueue.campaignId))
    .where(
      and(
        eq(callQueue.teamId, teamId),
        eq(callQueue.userId, userId),
        ownerMayRead(userId),
        sql`(${callQueue.callStatus} is null or ${callQueue.callStatus} in ('Ringing', 'In call', 'Machine'))`,
      ),
    )
    .orderBy(asc(callQueue.id))
    .limit(limit);
  return rows as QueueRow[];
}

/**
 * The next entries of a member's queue with no call status, in order, after `afterId` (a page of a
 * round that walks the whole queue); `withStatusOnly` (the member's noStatusCalls) passes over records
 * with no status, which stay queued.
 */
export async function nextCandidates(
  db: Db,
  teamId: string,
  userId: string,
  limit: number,
  opts: { withStatusOnly?: boolean; afterId?: number } = {},
): Promise<QueueRow[]> {
  const rows = await db
    .select(queueColumns)
    .from(callQueue)
    .innerJoin(items, eq(items.id, callQueue.itemId))
    .leftJoin(campaigns, eq(campaigns.id, callQueue.campaignId))
    .where(
      and(
        eq(callQueue.teamId, teamId),
        eq(callQueue.userId, userId),
        ownerMayRead(userId),
        isNull(callQueue.callStatus),
        opts.withStatusOnly ? isNotNull(items.statusId) : undefined,
        opts.afterId !== undefined ? gt(callQueue.id, opts.afterId) : undefined,
      ),
    )
    .orderBy(asc(callQueue.id))
    .limit(limit);
  return rows as QueueRow[];
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
 * The texts and calls each of these records had since `since`, by number (`item|phone` → times): what
 * a state's 24-hour limit counts (rules/state-law.ts). Texts are the thread's outbound texts (a call's
 * thread message is a system one, counted once from `calls`); calls are every outbound call placed
 * (a call that failed to be placed reached nobody).
 */
export async function recentContacts(db: Db, itemIds: readonly string[], since: Date) {
  const out = new Map<string, Date[]>();
  if (itemIds.length === 0) return out;
  const ids = uuidArray([...new Set(itemIds)]);
  const rows = await queryRows<{ item_id: string; phone: string; at: Date | string }>(
    db,
    sql`select item_id, phone, created_at as at from messages
        where item_id = any(${ids}) and direction = 'out' and not system and not comment and not is_im
          and created_at > ${since}
      union all
      select item_id, to_number, started_at from calls
        where item_id = any(${ids}) and direction = 'out' and status <> 'Failed' and started_at > ${since}`,
  );
  for (const r of rows) {
    const key = `${r.item_id}|${r.phone}`;
    out.set(key, [...(out.get(key) ?? []), new Date(r.at)]);
  }
  return out;
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
  const rows = await queryRows<{ item_id: string; user_id: string }>(
    tx,
    sql`update call_queue set call_status = null, campaign_id = ${campaignId}, queued_at = ${at}
      where team_id = ${teamId} and item_id = any(${uuidArray(itemIds)})
        and call_status is not null and call_status not in ('Ringing', 'In call', 'Machine')
      returning item_id, user_id`,
  );
  await setRecordsQueued(
    tx,
    rows.map((r) => r.item_id),
    true,
  );
  return rows.map((r) => ({ itemId: r.item_id, userId: r.user_id }));
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

// ------------------------------------------------------------------ calls

export async function insertCall(db: Db, row: typeof calls.$inferInsert) {
  const [c] = await db.insert(calls).values(row).returning();
  return c!;
}

export async function updateCall(db: Db, id: string, set: Partial<typeof calls.$inferInsert>) {
  const [c] = await db.update(calls).set(set).where(eq(calls.id, id)).returning();
  return c!;
}

export async function findCallBySid(db: Db, sid: string) {
  const [c] = await db.select().from(calls).where(eq(calls.sid, sid));
  return c ?? null;
}

/** A campaign's calls answered by a person, and those abandoned, since `since` (null: calls outside campaigns). */
export async function abandonStats(db: Db, teamId: string, campaignId: string | null, since: Date) {
  const [row] = await db
    .select({
      answered: sql<number>`count(*) filter (where ${calls.answered})`.mapWith(Number),
      abandoned: sql<number>`count(*) filter (where ${calls.status} = 'Abandoned')`.mapWith(Number),
    })
    .from(calls)
    .where(
      and(
        eq(calls.teamId, teamId),
        campaignId ? eq(calls.campaignId, campaignId) : isNull(calls.campaignId),
        eq(calls.direction, 'out'),
        gte(calls.startedAt, since),
      ),
    );
  return { answered: row?.answered ?? 0, abandoned: row?.abandoned ?? 0 };
}

/** Per call campaign: the contacts called, and those a person answered (the campaign cards). */
export async function campaignCallFigures(db: Db, campaignIds: string[]) {
  if (campaignIds.length === 0) return new Map<string, { called: number; answered: number }>();
  const rows = await db
    .select({
      campaignId: calls.campaignId,
      called: sql<number>`count(distinct ${calls.itemId})`.mapWith(Number),
      answered: sql<number>`count(distinct ${calls.itemId}) filter (where ${calls.answered})`.mapWith(Number),
    })
    .from(calls)
    .where(and(inArray(calls.campaignId, campaignIds), eq(calls.direction, 'out')))
    .groupBy(calls.campaignId);
  return new Map(rows.map((r) => [r.campaignId!, { called: r.called, answered: r.answered }]));
}

export async function countCalls(db: Db, teamId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(calls)
    .where(and(eq(calls.teamId, teamId), gte(calls.startedAt, since)));
  return row?.n ?? 0;
}

// ------------------------------------------------------------------ records, team

export async function findContact(db: Db, teamId: string, itemId: string) {
  const [row] = await db
    .select({
      id: items.id,
      name: nameOf,
      statusId: items.statusId,
      assignedTo: items.assignedTo,
      phone: phoneOf('value').mapWith(String),
      phoneStatus: phoneOf('status').mapWith(String),
      addressState: sql<string | null>`${items.data}->>'State'`,
    })
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.id, itemId), eq(items.type, 'contact')));
  return (row ?? null) as null | {
    id: string;
    name: string;
    statusId: string | null;
    assignedTo: string[];
    phone: string | null;
    phoneStatus: '' | 'DNC' | 'Wrong #' | null;
    addressState: string | null;
  };
}

/** The contact a number belongs to in a team (an inbound call's caller): the oldest if several. */
export async function findContactByPhone(db: Db, teamId: string, phone: string) {
  const [row] = await db
    .select({ itemId: identifiers.itemId })
    .from(identifiers)
    .innerJoin(items, eq(items.id, identifiers.itemId))
    .where(and(eq(identifiers.teamId, teamId), eq(identifiers.value, phone), eq(items.type, 'contact')))
    .orderBy(asc(items.createdAt))
    .limit(1);
  return row?.itemId ?? null;
}

/** A team contact's phone, at random (the simulated line's caller). */
export async function randomContactPhone(db: Db, teamId: string) {
  const [row] = await db
    .select({ value: identifiers.value })
    .from(identifiers)
    .innerJoin(items, eq(items.id, identifiers.itemId))
    .where(
      and(
        eq(identifiers.teamId, teamId),
        eq(identifiers.isEmail, false),
        eq(identifiers.status, ''),
        eq(items.type, 'contact'),
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  return row?.value ?? null;
}

/** The team's members as an inbound call sees them: role, phone and forwarding settings. */
export async function inboundMembers(db: Db, teamId: string) {
  return db
    .select({
      id: users.id,
      role: users.role,
      dataAccess: users.dataAccess,
      phone: users.phone,
      forwardOnly: sql<boolean>`coalesce(${userCallSettings.forwardOnly}, false)`.mapWith(Boolean),
      forwardNumber: userCallSettings.forwardNumber,
    })
    .from(users)
    .leftJoin(userCallSettings, eq(userCallSettings.userId, users.id))
    .where(eq(users.teamId, teamId))
    .orderBy(asc(users.createdAt));
}

/** The team's admins (its owner included), oldest first: who hears of a missed call nobody is assigned. */
export async function teamAdmins(db: Db, teamId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.role, 'admin')))
    .orderBy(asc(users.createdAt));
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------ the user's call settings

export async function findUserCallSettings(db: Db, userId: string) {
  const [row] = await db.select().from(userCallSettings).where(eq(userCallSettings.userId, userId));
  return row ?? null;
}

export async function upsertUserCallSettings(db: Db, row: typeof userCallSettings.$inferInsert) {
  const { userId, teamId, ...set } = row;
  const [saved] = await db
    .insert(userCallSettings)
    .values({ userId, teamId, ...set })
    .onConflictDoUpdate({ target: userCallSettings.userId, set })
    .returning();
  return saved!;
}

/** The team's own texting and calling hours (ADR 038); nulls keep the law's. */
export async function teamContactHours(db: Db, teamId: string) {
  const [t] = await db
    .select({ startHour: teams.contactStartHour, endHour: teams.contactEndHour })
    .from(teams)
    .where(eq(teams.id, teamId));
  return t ?? null;
}

export async function teamTimezone(db: Db, teamId: string) {
  const [t] = await db.select({ tz: teams.timezone }).from(teams).where(eq(teams.id, teamId));
  return t?.tz ?? null;
}

/** Members who may call: the admin and those with the calls permission, oldest first. */
export async function teamCallers(db: Db, teamId: string) {
  const rows = await db
    .select({ id: users.id, role: users.role, permissions: users.permissions, dataAccess: users.dataAccess })
    .from(users)
    .where(eq(users.teamId, teamId))
    .orderBy(asc(users.createdAt));
  return rows.filter((u) => u.role === 'admin' || u.permissions.includes('calls'));
}

export async function findUsers(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The auto-RVM setting of a record's status, if it has one. */
export async function statusCallSettingsOf(db: Db, statusId: string | null) {
  if (!statusId) return null;
  const [s] = await db.select().from(statusCallSettings).where(eq(statusCallSettings.statusId, statusId));
  return s ?? null;
}
