import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';

export async function insertNotification(db: Db, row: typeof notifications.$inferInsert) {
  const [n] = await db.insert(notifications).values(row).returning();
  return n!;
}

const withSender = (db: Db) =>
  db
    .select({
      n: notifications,
      senderName: users.name,
      senderEmail: users.email,
      senderAvatar: users.avatar,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.senderId));

export async function listForUser(db: Db, userId: string, limit: number) {
  return withSender(db)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

export async function findWithSender(db: Db, id: string) {
  const [row] = await withSender(db).where(eq(notifications.id, id));
  return row ?? null;
}

export async function countsForUser(db: Db, userId: string) {
  const [row] = await db
    .select({
      unread: sql<number>`count(*) filter (where not ${notifications.read})::int`,
      unseen: sql<number>`count(*) filter (where not ${notifications.seen})::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { unread: row?.unread ?? 0, unseen: row?.unseen ?? 0 };
}

export async function markAll(db: Db, userId: string, flag: 'read' | 'seen') {
  const column = flag === 'read' ? notifications.read : notifications.seen;
  await db
    .update(notifications)
    .set(flag === 'read' ? { read: true, seen: true } : { seen: true })
    .where(and(eq(notifications.userId, userId), not(column)));
}

export async function markOneRead(db: Db, userId: string, id: string) {
  const rows = await db
    .update(notifications)
    .set({ read: true, seen: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks the user's notifications about one record read (they opened it). */
export async function markTargetRead(db: Db, userId: string, targetId: string) {
  await db
    .update(notifications)
    .set({ read: true, seen: true })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.targetId, targetId), not(notifications.read)),
    );
}

export async function teamAdminIds(db: Db, teamId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.role, 'admin')));
  return rows.map((r) => r.id);
}
