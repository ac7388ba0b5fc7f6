import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { statusCallSettings, userCallSettings } from '../../db/schema/index.js';

/* A member's call settings, and the auto-RVM setting of a record's status. */

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

/** The auto-RVM setting of a record's status, if it has one. */
export async function statusCallSettingsOf(db: Db, statusId: string | null) {
  if (!statusId) return null;
  const [s] = await db.select().from(statusCallSettings).where(eq(statusCallSettings.statusId, statusId));
  return s ?? null;
}
