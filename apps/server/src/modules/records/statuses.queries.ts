import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { statusCallSettings, statuses, userCallSettings, users, voicemails } from '../../db/schema/index.js';

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

// ------------------------------------------------------------------ a status's call settings

export const listStatusCallSettings = (db: Db, teamId: string) =>
  db.select().from(statusCallSettings).where(eq(statusCallSettings.teamId, teamId));

export async function upsertStatusCallSettings(db: Db, row: typeof statusCallSettings.$inferInsert) {
  const { statusId, teamId, ...set } = row;
  const [saved] = await db
    .insert(statusCallSettings)
    .values({ statusId, teamId, ...set })
    .onConflictDoUpdate({ target: statusCallSettings.statusId, set })
    .returning();
  return saved!;
}

/** The team's members with the number their forwarded calls ring (call settings, else profile phone). */
export async function membersWithForwardNumbers(db: Db, teamId: string) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      forwardNumber: userCallSettings.forwardNumber,
    })
    .from(users)
    .leftJoin(userCallSettings, eq(userCallSettings.userId, users.id))
    .where(eq(users.teamId, teamId))
    .orderBy(asc(users.createdAt));
  return rows.map((r) => ({ id: r.id, name: r.name || r.email, number: r.forwardNumber ?? r.phone }));
}

export const listTeamVoicemails = (db: Db, teamId: string) =>
  db
    .select({ id: voicemails.id, name: voicemails.name })
    .from(voicemails)
    .where(eq(voicemails.teamId, teamId))
    .orderBy(asc(voicemails.createdAt));
