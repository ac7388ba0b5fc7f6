import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/*
 * Members of a team. The records a removed member was assigned move through the records module (it owns
 * `items`: ADR 048), in the same transaction as the user's deletion.
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

/**
 * An invited member (not verified). Null when the address is already on this team; an address with
 * an account elsewhere is invited like any other (users_verified_email_key binds only proved rows).
 */
export async function insertMember(db: Db, row: typeof users.$inferInsert) {
  const [user] = await db
    .insert(users)
    .values({ ...row, verifiedAt: null })
    .onConflictDoNothing({ target: [users.teamId, users.email] })
    .returning();
  return user ?? null;
}

/** Whether another member of the team than `userId` has the address. */
export async function teamHasEmail(db: Db, teamId: string, userId: string, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.email, email), ne(users.id, userId)));
  return row !== undefined;
}

/** Null when the member is gone. */
export async function updateMember(
  db: Db,
  teamId: string,
  userId: string,
  patch: Partial<Pick<MemberRow, 'name' | 'email' | 'phone' | 'permissions' | 'dataAccess'>>,
) {
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

export async function deleteMember(db: Db, teamId: string, userId: string) {
  await db.delete(users).where(and(eq(users.teamId, teamId), eq(users.id, userId)));
}
