import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { campaigns } from '../../db/schema/index.js';

/** Sets `paused` on every running, unpaused campaign of the team; answers how many. */
export async function pauseRunningCampaigns(db: Db, teamId: string) {
  const rows = await db
    .update(campaigns)
    .set({ paused: true })
    .where(
      and(eq(campaigns.teamId, teamId), eq(campaigns.status, 'In Progress'), eq(campaigns.paused, false)),
    )
    .returning({ id: campaigns.id });
  return rows.length;
}
