import {
  autoMapColumns as autoMap,
  importTargets,
  takesManyColumns,
  type CustomFieldsByEntity,
  type FieldMapping,
  type ImportTarget,
  type RecordType,
} from '@prospector/core';

/** The target of each spreadsheet column, by the column's position (headers may repeat). */
export type ColumnMapping = readonly (ImportTarget | null)[];

export const RECORD_TYPE_LABELS: Record<RecordType, string> = {
  contact: 'Contact',
  property: 'Property',
  company: 'Company',
};

export function targetKey(target: ImportTarget): string {
  return `${target.type}:${target.matchesTo}`;
}

/**
 * What a column may fill: the system fields and the team's custom fields (from the upload's answer),
 * and the keys of the custom ones so the screen can show them apart under their entity.
 */
export function targetsWithCustom(custom: CustomFieldsByEntity): {
  targets: ImportTarget[];
  customKeys: ReadonlySet<string>;
} {
  const customKeys = new Set(
    (['contact', 'property', 'company'] as const).flatMap((type) =>
      custom[type].map((f) => targetKey({ type, matchesTo: f._id, label: f.name })),
    ),
  );
  return { targets: importTargets(custom), customKeys };
}

/** How a target is named on screen and to assistive technology: 'Contact: Phone'. */
export function targetName(target: ImportTarget): string {
  return `${RECORD_TYPE_LABELS[target.type]}: ${target.label}`;
}

function sameTarget(a: ImportTarget | null, b: ImportTarget): boolean {
  return a !== null && targetKey(a) === targetKey(b);
}

/** Maps one column; a target that takes one column drops the column mapped to it before. */
export function mapColumn(mapping: ColumnMapping, column: number, target: ImportTarget): ColumnMapping {
  return mapping.map((current, index) => {
    if (index === column) return target;
    if (!takesManyColumns(target) && sameTarget(current, target)) return null;
    return current;
  });
}

export function clearColumn(mapping: ColumnMapping, column: number): ColumnMapping {
  return mapping.map((current, index) => (index === column ? null : current));
}

/** The automatic mapping (core's rule: the spec's names and the synonyms real exports use). */
export function autoMapColumns(columns: readonly string[], targets: readonly ImportTarget[]): ColumnMapping {
  return autoMap(columns, targets);
}

/** A mapping given as the import call's `fields` (the team's remembered one), column by column. */
export function mappingFromFields(
  columns: readonly string[],
  fields: readonly FieldMapping[],
  targets: readonly ImportTarget[],
): ColumnMapping {
  return columns.map((name) => {
    const field = fields.find((f) => f.name === name);
    return (field && targets.find((t) => t.type === field.type && t.matchesTo === field.matchesTo)) ?? null;
  });
}

/** Positions of the columns mapped to `target`. */
export function columnsMappedTo(mapping: ColumnMapping, target: ImportTarget): number[] {
  return mapping.flatMap((current, index) => (sameTarget(current, target) ? [index] : []));
}

/** The import call's `fields`: one entry per mapped column, named by its header. */
export function mappedFields(columns: readonly string[], mapping: ColumnMapping): FieldMapping[] {
  return columns.flatMap((name, index) => {
    const target = mapping[index];
    return target ? [{ name, type: target.type, matchesTo: target.matchesTo }] : [];
  });
}
