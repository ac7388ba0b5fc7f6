import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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

/** `status` of a key whose first request is still running (ADR 043 addendum 2). */
export const IDEMPOTENCY_RUNNING = 0;

/**
 * Reserves (key id, Idempotency-Key) for a first request: answers true when this request took it
 * (none kept, one older than `staleBefore`, or a running one older than `abandonedBefore`, whose
 * process died). The unique key makes two concurrent first requests take it once.
 */
export async function reserveIdempotent(
  db: Db,
  row: { apiKeyId: string; teamId: string; key: string; fingerprint: string; createdAt: Date },
  staleBefore: Date,
  abandonedBefore: Date,
) {
  const taken = await db
    .insert(apiIdempotency)
    .values({ ...row, status: IDEMPOTENCY_RUNNING, response: sql`'null'::jsonb` })
    .onConflictDoUpdate({
      target: [apiIdempotency.apiKeyId, apiIdempotency.key],
      set: {
        fingerprint: row.fingerprint,
        status: IDEMPOTENCY_RUNNING,
        response: sql`'null'::jsonb`,
        createdAt: row.createdAt,
      },
      where: sql`${apiIdempotency.createdAt} < ${staleBefore} or (${apiIdempotency.status} = ${IDEMPOTENCY_RUNNING} and ${apiIdempotency.createdAt} < ${abandonedBefore})`,
    })
    .returning({ key: apiIdempotency.key });
  return taken.length === 1;
}

export async function findIdempotent(db: Db, apiKeyId: string, key: string) {
  const [row] = await db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key)));
  return row ?? null;
}

/** The first request's answer, kept for its replays. */
export async function answerIdempotent(
  db: Db,
  r: { apiKeyId: string; key: string; status: number; response: unknown },
) {
  await db
    .update(apiIdempotency)
    .set({ status: r.status, response: r.response })
    .where(and(eq(apiIdempotency.apiKeyId, r.apiKeyId), eq(apiIdempotency.key, r.key)));
}

/** A first request that failed keeps nothing: a retry runs again. */
export async function releaseIdempotent(db: Db, r: { apiKeyId: string; key: string }) {
  await db
    .delete(apiIdempotency)
    .where(
      and(
        eq(apiIdempotency.apiKeyId, r.apiKeyId),
        eq(apiIdempotency.key, r.key),
        eq(apiIdempotency.status, IDEMPOTENCY_RUNNING),
      ),
    );
}
