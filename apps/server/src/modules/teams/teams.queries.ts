import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PlanName } from '@prospector/core';
import type { Db } from '../../db/client.js';
import { withAllTeams } from '../../lib/team-scope.js';
import { teams, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;

/**
 * The account that proved this address (at most one: users_verified_email_key), in whichever team:
 * an address belongs to one account across teams, so a team's own request looks at every team here.
 */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await withAllTeams(async () =>
    db
      .select({ user: users, team: teams })
      .from(users)
      .innerJoin(teams, eq(teams.id, users.teamId))
      .where(and(eq(users.email, email), isNotNull(users.verifiedAt)))
      .limit(1),
  );
  return row ?? null;
}

/** The newest invitation of this address: a member added by a team who has not logged in yet. */
/**
 * The address's open invitations, the one it takes up first (ADR 032): a team made for it (it is the
 * team's only row, as staff's 'Create Team' leaves it), then the newest. The others follow.
 */
export async function findInvitations(db: Db, email: string) {
  const madeForIt = sql<boolean>`not exists (select 1 from ${users} as others where others.team_id = ${users.teamId} and others.id <> ${users.id})`;
  return db
    .select({ user: users, team: teams, madeForIt })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(and(eq(users.email, email), isNull(users.verifiedAt)))
    .orderBy(desc(madeForIt), desc(users.createdAt));
}

/** Marks the invitation's address proved; null when a parallel login proved this row first. */
export async function markVerified(db: Db, userId: string, now: Date) {
  const [user] = await db
    .update(users)
    .set({ verifiedAt: now })
    .where(and(eq(users.id, userId), isNull(users.verifiedAt)))
    .returning();
  return user ?? null;
}

const verifiedEmailConflict = { target: users.email, where: sql`verified_at is not null` };

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

/** Inserts a verified account unless one exists for the e-mail; null when another request made it first. */
export async function insertUserIfAbsent(db: Db, row: typeof users.$inferInsert & { verifiedAt: Date }) {
  const [user] = await db.insert(users).values(row).onConflictDoNothing(verifiedEmailConflict).returning();
  return user ?? null;
}

/** An invited (not yet verified) user row: the address proves itself at its first login. */
export async function insertInvitedUser(db: Db, row: typeof users.$inferInsert) {
  const [user] = await db
    .insert(users)
    .values({ ...row, verifiedAt: null })
    .returning();
  return user!;
}

/** Suspends a team (a time and a reason) or lifts its suspension (null); false when there is no such team. */
export async function setSuspension(db: Db, teamId: string, at: Date | null, reason: string | null) {
  const rows = await db
    .update(teams)
    .set({ suspendedAt: at, suspendedReason: reason })
    .where(eq(teams.id, teamId))
    .returning({ id: teams.id });
  return rows.length > 0;
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

/** Another row than `userId` that holds the address: in the same team, or proved by any account. */
export async function findEmailHolder(db: Db, teamId: string, userId: string, email: string) {
  const [row] = await db
    .select({ id: users.id, teamId: users.teamId, verifiedAt: users.verifiedAt })
    .from(users)
    .where(
      and(
        eq(users.email, email),
        sql`${users.id} <> ${userId}`,
        sql`(${users.teamId} = ${teamId} or ${users.verifiedAt} is not null)`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function setVerifiedEmail(db: Db, userId: string, email: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ email, verifiedAt: sql`coalesce(${users.verifiedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** Whether our staff have suspended the team (false for a team that does not exist). */
export async function isSuspended(db: Db, teamId: string) {
  const [row] = await db.select({ at: teams.suspendedAt }).from(teams).where(eq(teams.id, teamId));
  return row?.at != null;
}

export async function findTimezone(db: Db, teamId: string) {
  const [row] = await db.select({ timezone: teams.timezone }).from(teams).where(eq(teams.id, teamId));
  return row?.timezone ?? null;
}

export async function updatePlan(db: Db, teamId: string, plan: PlanName) {
  await db.update(teams).set({ plan }).where(eq(teams.id, teamId));
}

export async function findCountry(db: Db, teamId: string) {
  const [row] = await db.select({ country: teams.country }).from(teams).where(eq(teams.id, teamId));
  return row?.country ?? 'US';
}

const integrationColumns = {
  pushHook: teams.pushHook,
  inboundHook: teams.inboundHook,
  outboundHook: teams.outboundHook,
  podioHook: teams.podioHook,
  hookSecret: teams.hookSecret,
  apiKey: teams.apiKey,
};
export type IntegrationsRow = { [K in keyof typeof integrationColumns]: string | null };

export async function findIntegrations(db: Db, teamId: string): Promise<IntegrationsRow | null> {
  const [row] = await db.select(integrationColumns).from(teams).where(eq(teams.id, teamId));
  return row ?? null;
}

export async function updateIntegrations(db: Db, teamId: string, set: Partial<IntegrationsRow>) {
  const [row] = await db.update(teams).set(set).where(eq(teams.id, teamId)).returning(integrationColumns);
  return row ?? null;
}

export async function findTeamIdByApiKey(db: Db, apiKey: string) {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.apiKey, apiKey));
  return row?.id ?? null;
}

/** What a campaign's sending reads of its team: the daily limit per device (ppgl) and the zone. */
export async function findSendingSettings(db: Db, teamId: string) {
  const [row] = await db
    .select({
      ppgl: teams.ppgl,
      timezone: teams.timezone,
      contactStartHour: teams.contactStartHour,
      contactEndHour: teams.contactEndHour,
    })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row ?? null;
}
