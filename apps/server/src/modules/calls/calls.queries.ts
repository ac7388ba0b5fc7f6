import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { uuidArray } from '../../db/arrays.js';
import { queryRows, type Db } from '../../db/client.js';
import { calls } from '../../db/schema/index.js';

/* The call log: each call placed or received, and the figures read from it. */

export type CallRow = typeof calls.$inferSelect;

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
  const rows = await queryRows<{ itemId: string; phone: string; at: Date | string }>(
    db,
    sql`select item_id as "itemId", phone, created_at as at from messages
        where item_id = any(${ids}) and direction = 'out' and not system and not comment and not is_im
          and created_at > ${since}
      union all
      select item_id, to_number, started_at from calls
        where item_id = any(${ids}) and direction = 'out' and status <> 'Failed' and started_at > ${since}`,
  );
  for (const r of rows) {
    const key = `${r.itemId}|${r.phone}`;
    out.set(key, [...(out.get(key) ?? []), new Date(r.at)]);
  }
  return out;
}
