import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { items } from '../../db/schema/index.js';

/* A member's assignments as the teams module asks for them when it removes the member (ADR 048). */

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
