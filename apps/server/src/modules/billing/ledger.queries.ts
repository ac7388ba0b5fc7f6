import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { jsonRows } from '../../db/json-rows.js';
import { creditAccounts, creditEntries, creditHolds } from '../../db/schema/index.js';

export type EntryRow = typeof creditEntries.$inferSelect;
export type NewEntry = Omit<typeof creditEntries.$inferInsert, 'id' | 'seq'>;
export type HoldRow = typeof creditHolds.$inferSelect;

/** The CHECK that refuses a balance below zero (schema/billing.ts, ADR 018). */
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

/**
 * A charge in one statement: the balance's UPDATE (refused by the CHECK when it would go below zero)
 * and the entry's INSERT, atomic as any single statement is, in one round trip. Null when the team has
 * no account (never had credits).
 */
export async function debitWithEntry(
  db: Db,
  entry: { teamId: string; amount: number; reason: string; description: string; createdAt: Date },
): Promise<{ id: string; balance: number } | null> {
  const rows = await queryRows<{ id: string; balance: string | number }>(
    db,
    sql`with debited as (
        update credit_accounts set balance = balance - ${entry.amount}, updated_at = ${entry.createdAt}
        where team_id = ${entry.teamId}
        returning balance)
      insert into credit_entries (team_id, amount, reason, description, balance_after, created_at)
      select ${entry.teamId}, ${-entry.amount}, ${entry.reason}, ${entry.description}, balance, ${entry.createdAt}
      from debited
      returning id, balance_after as balance`,
  );
  const [row] = rows;
  return row ? { id: row.id, balance: Number(row.balance) } : null;
}

export type BatchCharge = { id: string; teamId: string; amount: number; reason: string; description: string };

/**
 * Several charges, of one team or many, in one statement and one commit: the teams' accounts are
 * locked in id order (two batches never deadlock), each team's charges are taken in the batch's order
 * while their running sum fits its balance, and the rest are left out. Answers the charges taken, by
 * entry id, with the balance each left. The CHECK still guards the UPDATE: were the running sums ever
 * wrong, the whole statement would be refused rather than a balance go below zero.
 */
export async function debitBatch(
  db: Db,
  charges: readonly BatchCharge[],
  now: Date,
): Promise<Map<string, number>> {
  const rows = charges.map((c, i) => ({ ...c, i }));
  const columns = {
    i: 'int',
    id: 'uuid',
    teamId: 'uuid',
    amount: 'bigint',
    reason: 'text',
    description: 'text',
  } as const;
  const taken = await queryRows<{ id: string; balance: string | number }>(
    db,
    sql`with req as (
        select * from ${jsonRows('r', rows, columns)}),
      acct as (
        select team_id, balance from credit_accounts
        where team_id in (select "teamId" from req)
        order by team_id
        for update),
      ranked as (
        select req.*, acct.balance,
          sum(req.amount) over (partition by req."teamId" order by req.i) as running
        from req join acct on acct.team_id = req."teamId"),
      taken as (select * from ranked where running <= balance),
      debited as (
        update credit_accounts a set balance = a.balance - t.total, updated_at = ${now}
        from (select "teamId", sum(amount) as total from taken group by "teamId") t
        where a.team_id = t."teamId"
        returning a.team_id)
      insert into credit_entries (id, team_id, amount, reason, description, balance_after, created_at)
      select id, "teamId", -amount, reason, description, balance - running, ${now}
      from taken order by i
      returning id, balance_after as balance`,
  );
  return new Map(taken.map((t) => [t.id, Number(t.balance)]));
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
      and(eq(creditHolds.id, holdId), eq(creditHolds.state, 'open'), sql`${creditHolds.amount} >= ${charge}`),
    )
    .returning();
  return row ?? null;
}

export async function findHold(db: Db, holdId: string): Promise<HoldRow | null> {
  const [row] = await db.select().from(creditHolds).where(eq(creditHolds.id, holdId));
  return row ?? null;
}

/** A page of the team's entries, newest first, and how many there are. */
/**
 * The entries a team reads in its billing history (issue 30 item 35): every entry but a hold's
 * bookkeeping — a hold shows only while it is open, its release never (a settled hold reads as its
 * charge alone). The ledger keeps them all; their sum is still the balance.
 */
export async function listEntries(db: Db, teamId: string, skip: number, limit: number) {
  const shown = and(
    eq(creditEntries.teamId, teamId),
    ne(creditEntries.reason, 'release'),
    sql`not (${creditEntries.reason} = 'hold' and exists (select 1 from ${creditHolds} h where h.id = ${creditEntries.holdId} and h.state <> 'open'))`,
  );
  const entries = await db
    .select()
    .from(creditEntries)
    .where(shown)
    .orderBy(desc(creditEntries.seq))
    .limit(limit)
    .offset(skip);
  const [total] = await db.select({ n: count() }).from(creditEntries).where(shown);
  return { entries, total: total?.n ?? 0 };
}
