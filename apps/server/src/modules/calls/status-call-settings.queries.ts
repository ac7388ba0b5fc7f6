import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { statusCallSettings, userCallSettings, users, voicemails } from '../../db/schema/index.js';

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
