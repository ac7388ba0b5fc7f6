import type { DataField, DataSection } from '@prospector/core';

/** The list with the item at `from` moved to `to` (the others shift to make room). */
export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** Drag ids: sections and fields share one DndContext, so their ids carry their kind. */
export const sectionDragId = (id: string) => `section:${id}`;
export const fieldDragId = (id: string) => `field:${id}`;
/** The body of a section, where a field can be dropped even when the section is empty. */
export const sectionDropId = (id: string) => `drop:${id}`;

export type DragTarget = { kind: 'section' | 'field' | 'drop'; id: string };

export function parseDragId(dragId: string | number): DragTarget | null {
  const [kind, ...rest] = String(dragId).split(':');
  const id = rest.join(':');
  return kind === 'section' || kind === 'field' || kind === 'drop' ? { kind, id } : null;
}

export function updateSection(
  sections: DataSection[],
  id: string,
  change: Partial<DataSection>,
): DataSection[] {
  return sections.map((s) => (s._id === id ? { ...s, ...change } : s));
}

export function updateField(sections: DataSection[], id: string, change: Partial<DataField>): DataSection[] {
  return sections.map((s) =>
    s.fields.some((f) => f._id === id)
      ? { ...s, fields: s.fields.map((f) => (f._id === id ? { ...f, ...change } : f)) }
      : s,
  );
}

export function removeField(sections: DataSection[], id: string): DataSection[] {
  return sections.map((s) => ({ ...s, fields: s.fields.filter((f) => f._id !== id) }));
}

export function addFieldTo(sections: DataSection[], sectionId: string, field: DataField): DataSection[] {
  return sections.map((s) => (s._id === sectionId ? { ...s, fields: [...s.fields, field] } : s));
}

export function moveSection(sections: DataSection[], activeId: string, overId: string): DataSection[] {
  const from = sections.findIndex((s) => s._id === activeId);
  const to = sections.findIndex((s) => s._id === overId);
  return from < 0 || to < 0 || from === to ? sections : arrayMove(sections, from, to);
}

const sectionOf = (sections: DataSection[], fieldId: string) =>
  sections.find((s) => s.fields.some((f) => f._id === fieldId));

/**
 * Moves a field onto another field's place (in its section or another one), or to the end of a
 * section when it is dropped on the section itself.
 */
export function moveField(sections: DataSection[], fieldId: string, over: DragTarget): DataSection[] {
  const from = sectionOf(sections, fieldId);
  const field = from?.fields.find((f) => f._id === fieldId);
  if (!from || !field) return sections;
  const to = over.kind === 'field' ? sectionOf(sections, over.id) : sections.find((s) => s._id === over.id);
  if (!to) return sections;
  if (to._id === from._id) {
    if (over.kind !== 'field') return sections;
    const a = from.fields.findIndex((f) => f._id === fieldId);
    const b = from.fields.findIndex((f) => f._id === over.id);
    return a === b ? sections : updateSection(sections, from._id, { fields: arrayMove(from.fields, a, b) });
  }
  const at = over.kind === 'field' ? to.fields.findIndex((f) => f._id === over.id) : to.fields.length;
  const toFields = [...to.fields.slice(0, at), field, ...to.fields.slice(at)];
  return sections.map((s) =>
    s._id === from._id
      ? { ...s, fields: s.fields.filter((f) => f._id !== fieldId) }
      : s._id === to._id
        ? { ...s, fields: toFields }
        : s,
  );
}
