import type { FieldType, RecordType } from '@prospector/core';
import { and, eq } from 'drizzle-orm';
import { entitySections } from '../../db/schema/index.js';
import type { TestApp } from '../../test/app.js';

// Shared with other modules' tests and the browser journeys.
export {
  importCsv,
  importedList,
  startImport,
  uploadCsv,
  type Mapping,
  type Uploaded,
} from '../../test/import-csv.js';

/** Adds a custom field to a team's entity in a section of its own, as Settings > Data Fields saves it. */
export async function insertCustomField(
  t: TestApp,
  teamId: string,
  entity: RecordType,
  field: { _id: string; name: string; type?: FieldType },
) {
  const db = t.database.db;
  const where = and(eq(entitySections.teamId, teamId), eq(entitySections.entity, entity));
  const [row] = await db.select().from(entitySections).where(where);
  if (!row) throw new Error(`no sections for ${entity}`);
  const section = {
    _id: `section-${field._id}`,
    name: 'More',
    hidden: false,
    users: [],
    system: false,
    fields: [{ ...field, type: field.type ?? 'Text', options: [], config: {}, system: false }],
  };
  await db
    .update(entitySections)
    .set({ sections: [...row.sections, section] })
    .where(where);
}
