import { describe, expect, it } from 'vitest';
import { newField, newSection, type DataSection } from '@prospector/core';
import { moveField, moveSection, parseDragId } from './sections-edit';

const board = (): DataSection[] => [
  {
    ...newSection('a', 'A'),
    fields: [newField('Text', 'a1'), newField('Text', 'a2'), newField('Text', 'a3')],
  },
  { ...newSection('b', 'B'), fields: [newField('Text', 'b1')] },
  newSection('c', 'C'),
];
const ids = (sections: DataSection[]) =>
  sections.map((s) => `${s._id}:${s.fields.map((f) => f._id).join(',')}`);

describe('moving sections and fields', () => {
  it("moves a section onto another's place", () => {
    expect(ids(moveSection(board(), 'c', 'a'))).toEqual(['c:', 'a:a1,a2,a3', 'b:b1']);
    expect(ids(moveSection(board(), 'a', 'b'))).toEqual(['b:b1', 'a:a1,a2,a3', 'c:']);
  });

  it("moves a field onto another field's place in its own section", () => {
    expect(ids(moveField(board(), 'a1', { kind: 'field', id: 'a3' }))).toEqual(['a:a2,a3,a1', 'b:b1', 'c:']);
  });

  it('moves a field into another section, before the field it was dropped on', () => {
    expect(ids(moveField(board(), 'a2', { kind: 'field', id: 'b1' }))).toEqual(['a:a1,a3', 'b:a2,b1', 'c:']);
  });

  it('moves a field to the end of a section dropped on, empty ones included', () => {
    expect(ids(moveField(board(), 'a1', { kind: 'drop', id: 'c' }))).toEqual(['a:a2,a3', 'b:b1', 'c:a1']);
    expect(ids(moveField(board(), 'b1', { kind: 'drop', id: 'a' }))).toEqual(['a:a1,a2,a3,b1', 'b:', 'c:']);
  });

  it('reads drag ids whose own ids hold colons', () => {
    expect(parseDragId('field:sys:First name')).toEqual({ kind: 'field', id: 'sys:First name' });
    expect(parseDragId('other')).toBeNull();
  });
});
