import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teams, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ user: users, team: teams })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, userId: string) {
  const [row] = await db
    .select({ user: users, team: teams })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function insertTeam(db: Db, row: typeof teams.$inferInsert) {
  const [team] = await db.insert(teams).values(row).returning();
  return team!;
}

/** Inserts unless the e-mail exists; returns null when another request created it first. */
export async function insertUserIfAbsent(db: Db, row: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning();
  return user ?? null;
}

export async function deleteTeam(db: Db, teamId: string) {
  await db.delete(teams).where(eq(teams.id, teamId));
}

export async function findUsersByName(db: Db, name: string, limit: number) {
  return db
    .select({ user: users, team: teams })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(eq(sql`lower(${users.name})`, name.toLowerCase()))
    .limit(limit);
}

export async function findTeamAdmin(db: Db, teamId: string) {
  const [row] = await db
    .select({ user: users, team: teams })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(and(eq(users.teamId, teamId), eq(users.role, 'admin')))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row ?? null;
}
