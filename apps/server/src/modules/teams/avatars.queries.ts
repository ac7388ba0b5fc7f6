import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teams, users } from '../../db/schema/index.js';

/*
 * The avatar columns of users and teams. Each change locks the row, so the URL it answers as the
 * previous one is the file that is no longer used.
 */

/** Sets a member's avatar; answers the previous one, or null when the user is not in the team. */
export async function replaceUserAvatar(db: Db, teamId: string, userId: string, avatar: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatar: users.avatar })
      .from(users)
      .where(and(eq(users.teamId, teamId), eq(users.id, userId)))
      .for('update');
    if (!row) return null;
    await tx
      .update(users)
      .set({ avatar })
      .where(and(eq(users.teamId, teamId), eq(users.id, userId)));
    return { previous: row.avatar };
  });
}

/** Sets the company avatar (and name, when given); answers the team's name and the previous avatar. */
export async function replaceTeamAvatar(db: Db, teamId: string, avatar: string, name?: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatar: teams.avatar })
      .from(teams)
      .where(eq(teams.id, teamId))
      .for('update');
    if (!row) return null;
    const [saved] = await tx
      .update(teams)
      .set({ avatar, ...(name === undefined ? {} : { name }) })
      .where(eq(teams.id, teamId))
      .returning({ name: teams.name });
    return { name: saved!.name, previous: row.avatar };
  });
}
