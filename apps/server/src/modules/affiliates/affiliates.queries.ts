import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withAllTeams } from '../../lib/team-scope.js';
import {
  affiliateAccounts,
  affiliateEntries,
  affiliateSignups,
  teams,
  users,
} from '../../db/schema/index.js';

export type AffiliateAccountRow = typeof affiliateAccounts.$inferSelect;
export type AffiliateEntryRow = typeof affiliateEntries.$inferSelect;
export type NewAffiliateEntry = Omit<typeof affiliateEntries.$inferInsert, 'id' | 'seq'>;

/** The NON-negative earnings CHECK (schema/affiliates.ts). */
export const NON_NEGATIVE_EARNINGS = 'affiliate_accounts_earnings_non_negative';

export async function findAccount(db: Db, userId: string): Promise<AffiliateAccountRow | null> {
  const [row] = await db.select().from(affiliateAccounts).where(eq(affiliateAccounts.userId, userId));
  return row ?? null;
}

/** The user's account, opened with its code on first use (a concurrent first use meets the same row). */
export async function ensureAccount(db: Db, userId: string, code: string, now: Date) {
  await db
    .insert(affiliateAccounts)
    .values({ userId, code, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: affiliateAccounts.userId });
  return (await findAccount(db, userId))!;
}

/** Who a link's code belongs to, and their team. */
export async function findReferrerByCode(db: Db, code: string) {
  const [row] = await db
    .select({ userId: users.id, teamId: users.teamId, email: users.email })
    .from(affiliateAccounts)
    .innerJoin(users, eq(users.id, affiliateAccounts.userId))
    .where(eq(affiliateAccounts.code, code));
  return row ?? null;
}

/** Records a team's referrer; false when the team has one already. */
export async function insertSignup(db: Db, row: typeof affiliateSignups.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(affiliateSignups)
    .values(row)
    .onConflictDoNothing({ target: affiliateSignups.teamId })
    .returning({ teamId: affiliateSignups.teamId });
  return inserted.length > 0;
}

export async function findSignup(db: Db, teamId: string) {
  const [row] = await db
    .select({
      referrerId: affiliateSignups.referrerId,
      createdAt: affiliateSignups.createdAt,
      teamName: teams.name,
    })
    .from(affiliateSignups)
    .innerJoin(teams, eq(teams.id, affiliateSignups.teamId))
    .where(eq(affiliateSignups.teamId, teamId));
  return row ?? null;
}

/** The teams the referrer brought: other teams' rows, so read across teams. */
export async function countSignups(db: Db, referrerId: string): Promise<number> {
  const [row] = await withAllTeams(async () =>
    db.select({ n: count() }).from(affiliateSignups).where(eq(affiliateSignups.referrerId, referrerId)),
  );
  return row?.n ?? 0;
}

/** Adds to the user's earnings (opening the account if needed); answers the new earnings. */
export async function addEarnings(db: Db, userId: string, code: string, delta: number, now: Date) {
  const [row] = await db
    .insert(affiliateAccounts)
    .values({ userId, code, earnings: delta, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: affiliateAccounts.userId,
      set: { earnings: sql`${affiliateAccounts.earnings} + excluded.earnings_cents`, updatedAt: now },
    })
    .returning({ earnings: affiliateAccounts.earnings });
  return row!.earnings;
}

/**
 * Takes `amount` from the earnings when they cover it, in one statement: concurrent takes queue on the
 * row's lock and each sees what the one before left. Null when they do not (nothing changed).
 */
export async function takeEarnings(
  db: Db,
  userId: string,
  amount: number,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(affiliateAccounts)
    .set({ earnings: sql`${affiliateAccounts.earnings} - ${amount}`, updatedAt: now })
    .where(and(eq(affiliateAccounts.userId, userId), sql`${affiliateAccounts.earnings} >= ${amount}`))
    .returning({ earnings: affiliateAccounts.earnings });
  return row?.earnings ?? null;
}

export async function insertEntry(db: Db, entry: NewAffiliateEntry): Promise<AffiliateEntryRow> {
  const [row] = await db.insert(affiliateEntries).values(entry).returning();
  return row!;
}

/** An earning, once per payment id: null when the payment earned already. */
export async function insertEarningOnce(db: Db, entry: NewAffiliateEntry): Promise<AffiliateEntryRow | null> {
  const [row] = await db
    .insert(affiliateEntries)
    .values(entry)
    .onConflictDoNothing({
      target: affiliateEntries.paymentId,
      where: sql`${affiliateEntries.paymentId} is not null`,
    })
    .returning();
  return row ?? null;
}

export async function listEntries(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(affiliateEntries)
    .where(eq(affiliateEntries.userId, userId))
    .orderBy(desc(affiliateEntries.seq))
    .limit(limit);
}

export async function totalEarned(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(affiliateEntries.amount) })
    .from(affiliateEntries)
    .where(and(eq(affiliateEntries.userId, userId), eq(affiliateEntries.kind, 'earning')));
  return Number(row?.total ?? 0);
}

export async function pendingWithdrawals(db: Db, userId: string) {
  return db
    .select()
    .from(affiliateEntries)
    .where(and(eq(affiliateEntries.userId, userId), eq(affiliateEntries.state, 'pending')));
}

/** Confirms a pending withdrawal once; false when it was confirmed or given back meanwhile. */
export async function confirmWithdrawal(db: Db, entryId: string, transferId: string): Promise<boolean> {
  const rows = await db
    .update(affiliateEntries)
    .set({ state: 'done', transferId })
    .where(and(eq(affiliateEntries.id, entryId), eq(affiliateEntries.state, 'pending')))
    .returning({ id: affiliateEntries.id });
  return rows.length > 0;
}

/** Removes a pending withdrawal the provider refused; its amount, when removed here, goes back. */
export async function dropPendingWithdrawal(db: Db, entryId: string) {
  const [row] = await db
    .delete(affiliateEntries)
    .where(and(eq(affiliateEntries.id, entryId), eq(affiliateEntries.state, 'pending')))
    .returning({ userId: affiliateEntries.userId, amount: affiliateEntries.amount });
  return row ?? null;
}

export async function giveBackEarnings(db: Db, userId: string, amount: number, now: Date) {
  await db
    .update(affiliateAccounts)
    .set({ earnings: sql`${affiliateAccounts.earnings} + ${amount}`, updatedAt: now })
    .where(eq(affiliateAccounts.userId, userId));
}

export async function setPayoutAccount(
  db: Db,
  userId: string,
  set: { payoutAccountId?: string; payoutsEnabled?: boolean },
  now: Date,
) {
  await db
    .update(affiliateAccounts)
    .set({ ...set, updatedAt: now })
    .where(eq(affiliateAccounts.userId, userId));
}

/** The team of a referrer: another team's row, so read across teams. */
export async function findReferrerTeam(db: Db, referrerId: string): Promise<string | null> {
  const [row] = await withAllTeams(async () =>
    db.select({ teamId: users.teamId }).from(users).where(eq(users.id, referrerId)),
  );
  return row?.teamId ?? null;
}
