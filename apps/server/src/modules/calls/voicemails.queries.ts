import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { voicemails } from '../../db/schema/index.js';

/* The team's recorded voicemails (the drops the dialler leaves). */

export type VoicemailRow = typeof voicemails.$inferSelect;

export async function insertVoicemail(db: Db, row: typeof voicemails.$inferInsert) {
  const [v] = await db.insert(voicemails).values(row).returning();
  return v!;
}

export const listVoicemails = (db: Db, teamId: string) =>
  db.select().from(voicemails).where(eq(voicemails.teamId, teamId)).orderBy(asc(voicemails.createdAt));

export async function findVoicemail(db: Db, teamId: string, id: string) {
  const [v] = await db
    .select()
    .from(voicemails)
    .where(and(eq(voicemails.teamId, teamId), eq(voicemails.id, id)));
  return v ?? null;
}

/** A voicemail by id alone: the signed link the provider fetches carries no team. */
export async function findVoicemailById(db: Db, id: string) {
  const [v] = await db.select().from(voicemails).where(eq(voicemails.id, id));
  return v ?? null;
}

export async function renameVoicemail(db: Db, teamId: string, id: string, name: string) {
  const [v] = await db
    .update(voicemails)
    .set({ name })
    .where(and(eq(voicemails.teamId, teamId), eq(voicemails.id, id)))
    .returning();
  return v ?? null;
}

export async function deleteVoicemail(db: Db, teamId: string, id: string) {
  const [v] = await db
    .delete(voicemails)
    .where(and(eq(voicemails.teamId, teamId), eq(voicemails.id, id)))
    .returning();
  return v ?? null;
}
