import type { ItemType } from '@prospector/core';
import type { Db } from '../../db/client.js';
import * as q from './records.queries.js';

/**
 * A team's sections and fields of one entity, as saved: what the record modal shows, Settings > Data
 * Fields edits, and templates and campaigns name as `**Field**`.
 */
export function findSections(db: Db, teamId: string, entity: ItemType): Promise<q.Section[]> {
  return q.findSections(db, teamId, entity);
}
