import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { entitySections, users, type ItemType, type Section } from '../../db/schema/index.js';

export type { Section, SectionField } from '../../db/schema/index.js';

/** An entity's first sections, unless it has some already (a new team's seed). */
export async function insertSections(
  db: Db,
  teamId: string,
  entity: ItemType,
  sections: Section[],
  now: Date,
) {
  await db.insert(entitySections).values({ teamId, entity, sections, updatedAt: now }).onConflictDoNothing();
}

/** Replaces an entity's sections whole (a team seeded before sections existed gets its row here). */
export async function saveSections(db: Db, teamId: string, entity: ItemType, sections: Section[], now: Date) {
  await db
    .insert(entitySections)
    .values({ teamId, entity, sections, updatedAt: now })
    .onConflictDoUpdate({
      target: [entitySections.teamId, entitySections.entity],
      set: { sections, updatedAt: now },
    });
}

export async function listMemberIds(db: Db, teamId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.teamId, teamId));
  return rows.map((r) => r.id);
}
