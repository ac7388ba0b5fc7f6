import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staffRecoveryCodes, staffSecondFactors } from '../../db/schema/index.js';

export async function findSecondFactor(db: Db, userId: string) {
  const [row] = await db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
  return row ?? null;
}

/** A new, unconfirmed secret replaces an unconfirmed one; a confirmed factor is never replaced here. */
export async function upsertPendingSecondFactor(db: Db, userId: string, sealedSecret: string, now: Date) {
  const rows = await db
    .insert(staffSecondFactors)
    .values({ userId, sealedSecret, createdAt: now })
    .onConflictDoUpdate({
      target: staffSecondFactors.userId,
      set: { sealedSecret, createdAt: now, lastStep: 0 },
      setWhere: isNull(staffSecondFactors.confirmedAt),
    })
    .returning({ userId: staffSecondFactors.userId });
  return rows.length > 0;
}

/**
 * Takes a TOTP step: only a step newer than the last one accepted (a code works once, and an older
 * code never after a newer one). With `confirm`, also confirms a pending setup.
 */
export async function takeStep(db: Db, userId: string, step: number, confirmAt: Date | null) {
  const rows = await db
    .update(staffSecondFactors)
    .set({ lastStep: step, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
    .where(and(eq(staffSecondFactors.userId, userId), lt(staffSecondFactors.lastStep, step)))
    .returning({ userId: staffSecondFactors.userId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: Date) {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await db
    .insert(staffRecoveryCodes)
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Uses a recovery code once: true when an unused code of the user had this hash. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date) {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.userId, userId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Holds a staff member's other code attempts until this transaction ends (PostgreSQL and PGlite alike). */
export async function lockSecondFactorAttempts(tx: Db, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`second-factor:${userId}`}, 0))`);
}
