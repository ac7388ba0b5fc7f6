import type { Db } from '../../db/client.js';
import * as q from './records.queries.js';
import { findTeamStatus } from './statuses.queries.js';

/** What 'Push to CRM' sends of a record besides its fields: its whole thread, oldest first, and its status. */
export async function loadPushContent(db: Db, item: q.ItemRow) {
  const [thread, status] = await Promise.all([
    q.listThread(db, item.id),
    item.statusId ? findTeamStatus(db, item.teamId, item.statusId) : null,
  ]);
  return { thread, status: status?.text ?? null };
}
