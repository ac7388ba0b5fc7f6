import { maySeeSection, type ItemType } from '@prospector/core';
import type { Db } from '../../db/client.js';
import * as q from './records.queries.js';

/**
 * A team's sections and fields of one entity, as saved: what the record modal shows, Settings > Data
 * Fields edits, and templates and campaigns name as `**Field**`.
 */
export function findSections(db: Db, teamId: string, entity: ItemType): Promise<q.Section[]> {
  return q.findSections(db, teamId, entity);
}

type Viewer = { id: string; role: string; permissions: readonly string[] };

/**
 * The custom fields of contacts and properties that a member may see, by id and name: the fields a
 * template rendered for them or in their name may fill (ADR 031, issue 36). A field of a section
 * limited to others is left out, so the template treats it as a value the record lacks: its
 * fallback, or no text. `viewer` null (the member left the team) sees only unlimited sections.
 */
export async function templateFieldsSeenBy(db: Db, teamId: string, viewer: Viewer | null) {
  const sections = [
    ...(await q.findSections(db, teamId, 'contact')),
    ...(await q.findSections(db, teamId, 'property')),
  ];
  const nobody: Viewer = { id: '', role: 'member', permissions: [] };
  return sections
    .filter((s) => maySeeSection(viewer ?? nobody, s))
    .flatMap((s) => s.fields.filter((f) => !f.system).map((f) => ({ id: f._id, name: f.name })));
}

/** The same, for a member named by id (a campaign's owner, as they are now). */
export async function templateFieldsOfMember(db: Db, teamId: string, userId: string | null) {
  const viewer = userId ? await q.findSectionViewer(db, teamId, userId) : null;
  return templateFieldsSeenBy(db, teamId, viewer);
}
