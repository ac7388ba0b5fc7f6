import { messages } from '../messages.js';

/** Types a field can have (Settings > Data Fields palette; 'Section' there adds a section). */
export const FIELD_TYPES = [
  'Text',
  'Number',
  'Category',
  'Date',
  'Link',
  'Location',
  'Email',
  'Phone',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type FieldConfig = { multipick?: boolean; inline?: boolean; multiline?: boolean; maps?: boolean };

export type DataField = {
  _id: string;
  name: string;
  type: FieldType;
  options: string[];
  config: FieldConfig;
  system: boolean;
};

export type DataSection = {
  _id: string;
  name: string;
  hidden: boolean;
  /** Members who may see it; empty means everyone. */
  users: string[];
  system: boolean;
  fields: DataField[];
};

export const MAX_SECTIONS = 50;
export const MAX_FIELDS = 200;

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((t, [k, v]) => t.replaceAll(`{${k}}`, String(v)), text);

const key = (name: string) => name.trim().toLowerCase();

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function duplicateIdProblem(after: DataSection[]): string | null {
  const ids = [...after.map((s) => s._id), ...after.flatMap((s) => s.fields.map((f) => f._id))];
  return new Set(ids).size === ids.length ? null : messages.dataFields.duplicateId;
}

/** Built-in sections and fields stay: a system section keeps its name, a system field its name, type and options. */
function systemProblem(before: DataSection[], after: DataSection[]): string | null {
  const afterSections = new Map(after.map((s) => [s._id, s]));
  const afterFields = new Map(after.flatMap((s) => s.fields).map((f) => [f._id, f]));
  for (const section of before.filter((s) => s.system)) {
    const now = afterSections.get(section._id);
    if (!now?.system) return fill(messages.dataFields.systemSectionRemoved, { name: section.name });
    if (now.name !== section.name)
      return fill(messages.dataFields.systemSectionRenamed, { name: section.name });
  }
  for (const field of before.flatMap((s) => s.fields).filter((f) => f.system)) {
    const now = afterFields.get(field._id);
    if (!now?.system) return fill(messages.dataFields.systemFieldRemoved, { name: field.name });
    if (now.name !== field.name || now.type !== field.type || !sameList(now.options, field.options))
      return fill(messages.dataFields.systemFieldChanged, { name: field.name });
  }
  const beforeSystem = new Set([
    ...before.filter((s) => s.system).map((s) => s._id),
    ...before.flatMap((s) => s.fields.filter((f) => f.system).map((f) => f._id)),
  ]);
  const claimed = [...after, ...after.flatMap((s) => s.fields)].filter((x) => x.system);
  return claimed.every((x) => beforeSystem.has(x._id)) ? null : messages.dataFields.notSystem;
}

function fieldProblem(field: DataField, seen: Set<string>): string | null {
  if (!field.name.trim()) return messages.dataFields.fieldNameRequired;
  if (seen.has(key(field.name)))
    return fill(messages.dataFields.duplicateFieldName, { name: field.name.trim() });
  seen.add(key(field.name));
  if (field.type !== 'Category') return null;
  const options = new Set<string>();
  for (const option of field.options) {
    if (!option.trim()) return fill(messages.dataFields.emptyOption, { name: field.name });
    if (options.has(key(option)))
      return fill(messages.dataFields.duplicateOption, { name: field.name, option: option.trim() });
    options.add(key(option));
  }
  return null;
}

/**
 * What is wrong with saving `after` over `before` (one entity's sections), or null when it may be
 * saved. System fields may be reordered and moved between sections, never deleted or changed.
 */
export function sectionsProblem(
  before: DataSection[],
  after: DataSection[],
  memberIds: readonly string[],
): string | null {
  if (after.length > MAX_SECTIONS) return fill(messages.dataFields.tooManySections, { max: MAX_SECTIONS });
  if (after.flatMap((s) => s.fields).length > MAX_FIELDS)
    return fill(messages.dataFields.tooManyFields, { max: MAX_FIELDS });
  const problem = duplicateIdProblem(after) ?? systemProblem(before, after);
  if (problem) return problem;
  const members = new Set(memberIds);
  const names = new Set<string>();
  for (const section of after) {
    if (!section.name.trim()) return messages.dataFields.sectionNameRequired;
    if (section.users.some((u) => !members.has(u)))
      return fill(messages.dataFields.unknownMember, { name: section.name });
    for (const field of section.fields) {
      const fieldIssue = fieldProblem(field, names);
      if (fieldIssue) return fieldIssue;
    }
  }
  return null;
}

/** A Category's options with `text` added at the end; empty text and a repeated option change nothing. */
export function addCategoryOption(options: readonly string[], text: string): string[] {
  const option = text.trim();
  if (!option || options.some((o) => key(o) === key(option))) return [...options];
  return [...options, option];
}

/** A new custom field of a type, named after it (the client gives it a random id). */
export function newField(type: FieldType, id: string, name: string = type): DataField {
  const config: FieldConfig =
    type === 'Category'
      ? { multipick: false }
      : type === 'Text'
        ? { multiline: false }
        : type === 'Location'
          ? { maps: false }
          : {};
  return { _id: id, name, type, options: [], config, system: false };
}

/** A new empty custom section, visible to everyone. */
export function newSection(id: string, name = 'New section'): DataSection {
  return { _id: id, name, hidden: false, users: [], system: false, fields: [] };
}

/** A name not yet taken by a field of the entity: 'Text', then 'Text 2', 'Text 3'… */
export function freeFieldName(sections: readonly DataSection[], base: string): string {
  const taken = new Set(sections.flatMap((s) => s.fields.map((f) => key(f.name))));
  if (!taken.has(key(base))) return base;
  for (let n = 2; ; n += 1) if (!taken.has(key(`${base} ${n}`))) return `${base} ${n}`;
}

/**
 * Whether a member sees a section's fields and values (ADR 031), on the server and in the web alike:
 * a section limited to named members is theirs, and that of whoever may edit Data Fields (they could
 * add themselves). A built-in section is never limited: its fields are the record's name, phones and
 * address, which the board, search, exports and texts show; 'Only assigned' is what keeps a record.
 */
export function maySeeSection(
  viewer: { id: string; role: string; permissions: readonly string[] },
  section: { users: readonly string[]; system: boolean },
): boolean {
  return (
    section.system ||
    section.users.length === 0 ||
    section.users.includes(viewer.id) ||
    viewer.role === 'admin' ||
    viewer.permissions.includes('dataFields')
  );
}
