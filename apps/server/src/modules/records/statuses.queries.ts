import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { statuses } from '../../db/schema/index.js';

type StatusChange = Partial<Pick<typeof statuses.$inferSelect, 'text' | 'hidden'>>;

/** One status of one team: another team's id finds nothing. */
export async function findTeamStatus(db: Db, teamId: string, statusId: string) {
  const [row] = await db
    .select()
    .from(statuses)
    .where(and(eq(statuses.teamId, teamId), eq(statuses.id, statusId)))
    .limit(1);
  return row ?? null;
}

/** Null when the new text collides with another status of the team (case-insensitive unique index). */
export async function updateStatus(db: Db, statusId: string, set: StatusChange) {
  try {
    const [row] = await db.update(statuses).set(set).where(eq(statuses.id, statusId)).returning();
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** The records that had the status keep no status: the foreign key sets theirs to null. */
export async function deleteStatus(db: Db, statusId: string) {
  await db.delete(statuses).where(eq(statuses.id, statusId));
}

function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}
