import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { callNumbers, teams, voiceAccounts } from '../../db/schema/index.js';

/* The team's calling numbers and its voice sub-account (ADR 026). */

export const listNumbers = (db: Db, teamId: string) =>
  db.select().from(callNumbers).where(eq(callNumbers.teamId, teamId)).orderBy(asc(callNumbers.createdAt));

export async function insertNumber(db: Db, row: typeof callNumbers.$inferInsert) {
  const [n] = await db.insert(callNumbers).values(row).returning();
  return n!;
}

export async function deleteNumber(db: Db, teamId: string, id: string) {
  const [n] = await db
    .delete(callNumbers)
    .where(and(eq(callNumbers.teamId, teamId), eq(callNumbers.id, id)))
    .returning();
  return n ?? null;
}

/** The team that owns a number (an inbound call's destination). */
export async function findNumberOwner(db: Db, number: string) {
  const [n] = await db.select().from(callNumbers).where(eq(callNumbers.number, number)).limit(1);
  return n ?? null;
}

/** Drops numbers from a team by their provider sids. */
export async function deleteNumbersBySid(db: Db, teamId: string, providerSids: string[]) {
  if (providerSids.length === 0) return [];
  return db
    .delete(callNumbers)
    .where(and(eq(callNumbers.teamId, teamId), inArray(callNumbers.providerSid, providerSids)))
    .returning();
}

/** A number the team keeps under a new line: the row stays, with the new number and its sid. */
export async function swapNumber(
  db: Db,
  teamId: string,
  oldSid: string,
  next: { number: string; providerSid: string },
) {
  const [n] = await db
    .update(callNumbers)
    .set(next)
    .where(and(eq(callNumbers.teamId, teamId), eq(callNumbers.providerSid, oldSid)))
    .returning();
  return n ?? null;
}

export async function findVoiceAccount(db: Db, teamId: string) {
  const [a] = await db.select().from(voiceAccounts).where(eq(voiceAccounts.teamId, teamId));
  return a ?? null;
}

export async function findVoiceAccountBySid(db: Db, sid: string) {
  const [a] = await db.select().from(voiceAccounts).where(eq(voiceAccounts.sid, sid));
  return a ?? null;
}

/** Keeps the first sub-account a team got: a second one opened meanwhile is answered as null. */
export async function insertVoiceAccount(db: Db, row: typeof voiceAccounts.$inferInsert) {
  const [a] = await db.insert(voiceAccounts).values(row).onConflictDoNothing().returning();
  return a ?? null;
}

/** Every team's sub-account, with its team's name and how many numbers the team holds. */
export async function listVoiceAccounts(db: Db) {
  return db
    .select({
      sid: voiceAccounts.sid,
      teamId: voiceAccounts.teamId,
      teamName: teams.name,
      phoneCount:
        sql<number>`(select count(*) from ${callNumbers} n where n.team_id = ${voiceAccounts.teamId})`.mapWith(
          Number,
        ),
    })
    .from(voiceAccounts)
    .innerJoin(teams, eq(teams.id, voiceAccounts.teamId))
    .orderBy(asc(voiceAccounts.createdAt));
}

export async function teamName(db: Db, teamId: string) {
  const [t] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return t?.name ?? null;
}
