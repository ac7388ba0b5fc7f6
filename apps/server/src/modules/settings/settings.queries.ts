import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teams } from '../../db/schema/index.js';

type TeamSettingsPatch = Partial<{ timezone: string; ppgl: number; name: string }>;

/** Updates the team's settings; the saved row's values, or null when the team is gone. */
export async function updateTeamSettings(db: Db, teamId: string, patch: TeamSettingsPatch) {
  const [row] = await db
    .update(teams)
    .set(patch)
    .where(eq(teams.id, teamId))
    .returning({ name: teams.name, timezone: teams.timezone, ppgl: teams.ppgl });
  return row ?? null;
}
