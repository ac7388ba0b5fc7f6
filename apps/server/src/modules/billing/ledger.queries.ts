import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditAccounts, creditEntries, creditHolds } from '../../db/schema/index.js';

export type EntryRow = typeof creditEntries.$inferSelect;
export type NewEntry = Omit<typeof creditEntries.$inferInsert, 'id' | 'seq'>;
export type HoldRow = typeof creditHolds.$inferSelect;

/** The CHECK that refuses a balance below zero (schema/billing.ts, ADR 016). */
export const NON_NEGATIVE_BALANCE = 'credit_accounts_balance_non_negative';

/**
 * Adds `delta` units to the team's balance and answers the new one. A credit opens the account on the
 * team's first; a debit of a team with no account answers null (nothing to take from). A debit the
 * balance cannot cover makes PostgreSQL raise a check violation of NON_NEGATIVE_BALANCE: concurrent
 * debits of one team queue on the row's lock, and each sees the balance the one before it left.
 */
export async function addToBalance(tx: Db, teamId: string, delta: number, now: Date): Promise<number | null> {
  if (delta > 0) {
    const [row] = await tx
      .insert(creditAccounts)
      .values({ teamId, balance: delta, updatedAt: now })
      .onConflictDoUpdate({
        target: creditAccounts.teamId,
        set: { balance: sql`${creditAccounts.balance} + excluded.balance`, updatedAt: now },
      })
      .returning({ balance: creditAccounts.balance });
    return row!.balance;
  }
  const [row] = await tx
    .update(creditAccounts)
    .set({ balance: sql`${creditAccounts.balance} + ${delta}`, updatedAt: now })
    .where(eq(creditAccounts.teamId, teamId))
    .returning({ balance: creditAccounts.balance });
  return row?.balance ?? null;
}

export async function findBalance(db: Db, teamId: string): Promise<number> {
  const [row] = await db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.teamId, teamId));
  return row?.balance ?? 0;
}

export async function insertEntry(tx: Db, entry: NewEntry): Promise<EntryRow> {
  const [row] = await tx.insert(creditEntries).values(entry).returning();
  return row!;
}

/** Inserts the entry unless one with its external id exists; null then. */
export async function insertEntryOnce(tx: Db, entry: NewEntry): Promise<EntryRow | null> {
  const [row] = await tx
    .insert(creditEntries)
    .values(entry)
    .onConflictDoNothing({
      target: creditEntries.externalId,
      where: sql`${creditEntries.externalId} is not null`,
    })
    .returning();
  return row ?? null;
}

export async function findEntryByExternalId(db: Db, externalId: string): Promise<EntryRow | null> {
  const [row] = await db.select().from(creditEntries).where(eq(creditEntries.externalId, externalId));
  return row ?? null;
}

export async function insertHold(
  tx: Db,
  hold: { teamId: string; amount: number; description: string; createdAt: Date },
): Promise<HoldRow> {
  const [row] = await tx.insert(creditHolds).values(hold).returning();
  return row!;
}

/**
 * Settles an open hold once, charging at most what it set aside; null when the hold is missing,
 * already settled, or smaller than the charge (the caller asks which).
 */
export async function settleHold(tx: Db, holdId: string, charge: number, now: Date): Promise<HoldRow | null> {
  const [row] = await tx
    .update(creditHolds)
    .set({ state: 'settled', charged: charge, settledAt: now })
    .where(
      and(
        eq(creditHolds.id, holdId),
        eq(creditHolds.state, 'open'),
        sql`${creditHolds.amount} >= ${charge}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function findHold(db: Db, holdId: string): Promise<HoldRow | null> {
  const [row] = await db.select().from(creditHolds).where(eq(creditHolds.id, holdId));
  return row ?? null;
}

/** A page of the team's entries, newest first, and how many there are. */
export async function listEntries(db: Db, teamId: string, skip: number, limit: number) {
  const entries = await db
    .select()
    .from(creditEntries)
    .where(eq(creditEntries.teamId, teamId))
    .orderBy(desc(creditEntries.seq))
    .limit(limit)
    .offset(skip);
  const [total] = await db
    .select({ n: count() })
    .from(creditEntries)
    .where(eq(creditEntries.teamId, teamId));
  return { entries, total: total?.n ?? 0 };
}
