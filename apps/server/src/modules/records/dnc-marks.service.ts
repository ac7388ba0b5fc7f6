import type { Db } from '../../db/client.js';
import * as q from './dnc-marks.queries.js';

/*
 * The records' phones marked DNC from another domain's list (ADR 048, ADR 062), in the caller's
 * transaction (which sets the phone history's origin first), one statement each.
 */
export const dncMarks = {
  /** A phone put on the team's DNC list: marked DNC and no longer primary; answers how many changed. */
  markValues: (tx: Db, teamId: string, values: readonly string[]) => q.markValuesDnc(tx, teamId, values),
  /** A skip trace's DNC flag: only a phone with no status yet is marked; none when the list is empty. */
  markUnmarkedValues: (tx: Db, teamId: string, values: readonly string[]) =>
    q.markUnmarkedValuesDnc(tx, teamId, values),
};
