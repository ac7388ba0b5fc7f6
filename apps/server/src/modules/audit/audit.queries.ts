import { and, count, desc, eq, gt, like, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { auditFolds, auditLog, teams, users } from '../../db/schema/index.js';

/** Which entries a staff reader asks for: admin actions only, or everything; optionally one team's. */
export type AuditFilter = { scope: 'admin' | 'all'; teamId?: string | undefined };

export async function insertAuditEntry(db: Db, row: typeof auditLog.$inferInsert) {
  const [written] = await db.insert(auditLog).values(row).returning({ id: auditLog.id });
  return written!.id;
}

/** Many entries in one statement (the public API's calls, written together: ADR 043 addendum 2). */
export async function insertAuditEntries(db: Db, rows: (typeof auditLog.$inferInsert)[]) {
  if (rows.length) await db.insert(auditLog).values(rows);
}

/** Counts one more under `key` in the window; answers the count so far (1 for the first). */
export async function countIntoFold(db: Db, key: string, windowStart: Date) {
  const [row] = await db
    .insert(auditFolds)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [auditFolds.key, auditFolds.windowStart],
      set: { count: sql`${auditFolds.count} + 1` },
    })
    .returning({ count: auditFolds.count });
  return row!.count;
}

/** Names the entry written for the fold's first refusal; its repeats are read through it. */
export async function linkFold(db: Db, key: string, windowStart: Date, auditId: string) {
  await db
    .update(auditFolds)
    .set({ auditId })
    .where(and(eq(auditFolds.key, key), eq(auditFolds.windowStart, windowStart)));
}

/** How many entries of this action an actor wrote since a time (limits on wrong second-factor codes). */
export async function countRecent(db: Db, actorUserId: string, action: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(eq(auditLog.actorUserId, actorUserId), eq(auditLog.action, action), gt(auditLog.createdAt, since)),
    );
  return row?.n ?? 0;
}

const targets = alias(users, 'targets');

const filterOf = (f: AuditFilter) =>
  and(
    f.scope === 'admin' ? like(auditLog.action, 'admin.%') : undefined,
    f.teamId ? eq(auditLog.teamId, f.teamId) : undefined,
  );

/** A page of the log, newest first, with the actor's, the target's and the team's names. */
export async function listAuditEntries(db: Db, f: AuditFilter, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actorEmail: users.email,
        actorName: users.name,
        teamId: auditLog.teamId,
        teamName: teams.name,
        targetEmail: targets.email,
        ip: auditLog.ip,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
        folded: auditFolds.count,
      })
      .from(auditLog)
      .leftJoin(auditFolds, eq(auditFolds.auditId, auditLog.id))
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .leftJoin(targets, eq(targets.id, auditLog.targetUserId))
      .leftJoin(teams, eq(teams.id, auditLog.teamId))
      .where(filterOf(f))
      .orderBy(desc(auditLog.createdAt), desc(sql`${auditLog.id}`))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditLog).where(filterOf(f)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
