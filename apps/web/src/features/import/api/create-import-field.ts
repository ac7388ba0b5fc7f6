import { useMutation } from '@tanstack/react-query';
import { getCustomFields, titleCase, updateCustomFields, type RecordType } from '@prospector/core';
import { call } from '../../../lib/api-client';

/** Where fields made from an import's columns go when the entity has no section of the team's own. */
const IMPORTED_SECTION = 'Imported';

/** A number column: every non-empty preview value reads as one ('$2,950,000', '1,550', '-86.70'). */
export function looksNumeric(values: readonly string[]): boolean {
  const filled = values.map((v) => v.trim()).filter(Boolean);
  return filled.length > 0 && filled.every((v) => /^-?\$?[\d,]*\.?\d+$/.test(v));
}

export type NewImportField = { type: RecordType; column: string; values: readonly string[] };

/**
 * Makes a custom field for an unmapped column (issue 30: Price, Square feet, Latitude of a Redfin
 * export) in the entity's first section of the team's own, or a new 'Imported' section: named after
 * the column, a Number when its values are numbers. Answers the field's id and name.
 */
export async function createImportField({ type, column, values }: NewImportField) {
  const current = await call(getCustomFields, undefined, { query: { type } });
  const id = crypto.randomUUID();
  const name = titleCase(column.trim()).slice(0, 60);
  const field = {
    _id: id,
    name,
    type: looksNumeric(values) ? ('Number' as const) : ('Text' as const),
    options: [],
    config: {},
    system: false,
  };
  const own = current.sections.findIndex((s) => !s.system);
  const sections =
    own >= 0
      ? current.sections.map((s, i) => (i === own ? { ...s, fields: [...s.fields, field] } : s))
      : [
          ...current.sections,
          {
            _id: crypto.randomUUID(),
            name: IMPORTED_SECTION,
            hidden: false,
            users: [],
            system: false,
            fields: [field],
          },
        ];
  await call(updateCustomFields, { type, sections });
  return { _id: id, name };
}

export function useCreateImportField() {
  return useMutation({ mutationFn: createImportField });
}
