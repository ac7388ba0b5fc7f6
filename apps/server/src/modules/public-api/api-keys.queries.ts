import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiIdempotency, apiKeys } from '../../db/schema/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function insertApiKey(db: Db, row: typeof apiKeys.$inferInsert) {
  return db
    .insert(apiKeys)
    .values(row)
    .returning()
    .then((r) => r[0]!);
}

export function listTeamApiKeys(db: Db, teamId: string) {
  return db.select().from(apiKeys).where(eq(apiKeys.teamId, teamId)).orderBy(desc(apiKeys.createdAt));
}

export async function revokeTeamApiKey(db: Db, teamId: string, id: string, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now})` })
    .where(and(eq(apiKeys.teamId, teamId), eq(apiKeys.id, id)))
    .returning();
  return row ?? null;
}

/** The live key with this hash, across teams (the caller's team is what it tells). */
export async function findLiveKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/** Marks the key used; written at most once a minute per key, so a busy key costs no write per call. */
export async function touchApiKey(db: Db, id: string, now: Date) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${new Date(now.getTime() - 60_000)})`,
      ),
    );
}

export async function findIdempotent(db: Db, apiKeyId: string, key: string, since: Date) {
  const [row] = await db
    .select()
    .from(apiIdempotency)
    .where(
      and(
        eq(apiIdempotency.apiKeyId, apiKeyId),
        eq(apiIdempotency.key, key),
        sql`${apiIdempotency.createdAt} >= ${since}`,
      ),
    );
  return row ?? null;
}

/** Keeps the first answer; a concurrent first call that lost the race keeps nothing. */
export async function saveIdempotent(db: Db, row: typeof apiIdempotency.$inferInsert) {
  await db
    .insert(apiIdempotency)
    .values(row)
    .onConflictDoUpdate({
      target: [apiIdempotency.apiKeyId, apiIdempotency.key],
      set: {
        fingerprint: row.fingerprint,
        status: row.status,
        response: row.response,
        createdAt: row.createdAt,
      },
      where: lt(apiIdempotency.createdAt, new Date(row.createdAt.getTime() - 24 * 3600_000)),
    });
}
