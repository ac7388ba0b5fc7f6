import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calls, smsJobs, teams, users } from '../../db/schema/index.js';

/** The team's plan and time zone (the month its limits count in); null for no such team. */
export async function findTeamPlan(db: Db, teamId: string) {
  const [row] = await db
    .select({ plan: teams.plan, timezone: teams.timezone })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row ?? null;
}

/**
 * Texts the team queued in [start, end): every outbound text is a device job (a typed text, a
 * campaign's, the public API's), counted when it is queued, whether it went out or failed later.
 */
export async function countTextsBetween(db: Db, teamId: string, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsJobs)
    .where(and(eq(smsJobs.teamId, teamId), gte(smsJobs.createdAt, start), lt(smsJobs.createdAt, end)));
  return row?.n ?? 0;
}

/** Calls the team placed (the dialler's outbound lines, answered or not) in [start, end). */
export async function countCallsBetween(db: Db, teamId: string, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(calls)
    .where(
      and(
        eq(calls.teamId, teamId),
        eq(calls.direction, 'out'),
        gte(calls.startedAt, start),
        lt(calls.startedAt, end),
      ),
    );
  return row?.n ?? 0;
}

/** The team's users: members, invited ones (not logged in yet) and the admin. */
export async function countUsers(db: Db, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.teamId, teamId));
  return row?.n ?? 0;
}

/**
 * Serialises, until the caller's transaction ends, everyone who checks a limit of this team (`what`:
 * its texts, its users): the check, then the write it allows, commit before the next check reads.
 * A transaction-level advisory lock: no row is locked, and it works the same on PGlite.
 */
export async function lockTeamLimit(tx: Db, teamId: string, what: 'sms' | 'users') {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`plan-${what}:${teamId}`}, 0))`);
}
