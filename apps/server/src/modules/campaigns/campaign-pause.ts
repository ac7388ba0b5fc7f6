import type { Db } from '../../db/client.js';
import * as q from './campaign-pause.queries.js';

/**
 * Pauses every running campaign of a team (spec part 2 §4 'Admin can also pause campaigns from the
 * admin panel'), in the caller's transaction; answers how many. The same flag the team's own
 * start/stop sets.
 */
export function pauseTeamCampaigns(db: Db, teamId: string): Promise<number> {
  return q.pauseRunningCampaigns(db, teamId);
}
