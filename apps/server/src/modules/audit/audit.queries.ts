import { and, count, desc, eq, gt, like, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { auditLog, teams, users } from '../../db/schema/index.js';

/** Which entries a staff reader asks for: admin actions only, or everything; optionally one team's. */
export type AuditFilter = { scope: 'admin' | 'all'; teamId?: string | undefined };

export async function insertAuditEntry(db: Db, row: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(row);
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
      })
      .from(auditLog)
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
