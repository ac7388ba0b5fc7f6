import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { items, users } from '../../db/schema/index.js';

/*
 * Members of a team and the assignments that follow a removed member. `items` belongs to the records
 * module; removal touches only its assigned_to column, in the same transaction as the user's deletion.
 */

export type MemberRow = typeof users.$inferSelect;

export async function listTeamMembers(db: Db, teamId: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.teamId, teamId))
    .orderBy(asc(users.createdAt), asc(users.email));
}

export async function findTeamMember(db: Db, teamId: string, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.id, userId)));
  return row ?? null;
}

/** Null when the e-mail already belongs to an account (of this team or another). */
export async function insertMember(db: Db, row: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning();
  return user ?? null;
}

/** Null when the new e-mail belongs to another account. */
export async function updateMember(
  db: Db,
  teamId: string,
  userId: string,
  patch: Partial<Pick<MemberRow, 'name' | 'email' | 'phone' | 'permissions' | 'dataAccess'>>,
) {
  if (patch.email !== undefined) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, patch.email), ne(users.id, userId)));
    if (taken) return null;
  }
  const [row] = await db
    .update(users)
    .set(patch)
    .where(and(eq(users.teamId, teamId), eq(users.id, userId)))
    .returning();
  return row ?? null;
}

/** Which of `ids` are members of the team. */
export async function teamMemberIds(db: Db, teamId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

const assignedTo = (userId: string) => sql`${items.assignedTo} @> array[${userId}]::uuid[]`;

export async function countAssignedItems(db: Db, teamId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(items)
    .where(and(eq(items.teamId, teamId), assignedTo(userId)));
  return row?.n ?? 0;
}

/**
 * One statement: every record of the team assigned to `userId` loses them and gains `assignees`,
 * without duplicates and keeping the order of the assignees already there. Returns how many moved.
 */
export async function reassignItems(db: Db, teamId: string, userId: string, assignees: string[]) {
  const added = sql`array[${sql.join(
    assignees.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const rows = await db
    .update(items)
    .set({
      assignedTo: sql`(
        select coalesce(array_agg(a.id order by a.pos), '{}'::uuid[])
        from (
          select id, min(pos) as pos
          from unnest(array_remove(${items.assignedTo}, ${userId}::uuid) || ${added})
            with ordinality as u(id, pos)
          group by id
        ) a
      )`,
    })
    .where(and(eq(items.teamId, teamId), assignedTo(userId)))
    .returning({ id: items.id });
  return rows.length;
}

export async function deleteMember(db: Db, teamId: string, userId: string) {
  await db.delete(users).where(and(eq(users.teamId, teamId), eq(users.id, userId)));
}
