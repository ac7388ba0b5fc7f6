import { describe, expect, it } from 'vitest';
import { importTargets } from '@prospector/core';
import {
  autoMapColumns,
  clearColumn,
  mapColumn,
  mappedFields,
  targetName,
  targetsWithCustom,
} from './column-mapping';

const targets = importTargets();
const target = (name: string) => {
  const found = targets.find((t) => targetName(t) === name);
  if (!found) throw new Error(`no target ${name}`);
  return found;
};
const names = (mapping: ReturnType<typeof autoMapColumns>) => mapping.map((t) => (t ? targetName(t) : null));

describe('column mapping', () => {
  it("maps 'Owner Phone', 'EMAIL', 'City' and 'Foo' to Phone, Email, the property's City and nothing", () => {
    expect(names(autoMapColumns(['Owner Phone', 'EMAIL', 'City', 'Foo'], targets))).toEqual([
      'Contact: Phone',
      'Contact: Email',
      'Property: City',
      null,
    ]);
  });

  it('maps every phone column to Phone, but a single-column field only to the first column that matches it', () => {
    expect(names(autoMapColumns(['Phone 1', 'phone 2', 'City', 'CITY', 'Name'], targets))).toEqual([
      'Contact: Phone',
      'Contact: Phone',
      'Property: City',
      null,
      'Company: Name',
    ]);
  });

  it('moves a single-column field to the newest column mapped to it', () => {
    const start = autoMapColumns(['City', 'Town'], targets);
    expect(names(mapColumn(start, 1, target('Property: City')))).toEqual([null, 'Property: City']);
  });

  it('keeps the other columns on Phone or Email when one more is mapped there', () => {
    const start = autoMapColumns(['Phone', 'Mobile'], targets);
    expect(names(mapColumn(start, 1, target('Contact: Phone')))).toEqual([
      'Contact: Phone',
      'Contact: Phone',
    ]);
  });

  it('gives a column one field at a time', () => {
    const start = autoMapColumns(['Phone'], targets);
    expect(names(mapColumn(start, 0, target('Contact: First name')))).toEqual(['Contact: First name']);
  });

  it("maps a column to the team's custom field of the same name, case-insensitively, and sends the field's id", () => {
    const custom = targetsWithCustom({
      contact: [{ _id: 'f-source', name: 'Lead Source' }],
      property: [{ _id: 'f-roof', name: 'Roof' }],
      company: [],
    });
    const columns = ['lead source', 'ROOF', 'City'];
    const mapping = autoMapColumns(columns, custom.targets);
    expect(names(mapping)).toEqual(['Contact: Lead Source', 'Property: Roof', 'Property: City']);
    expect(mappedFields(columns, mapping).slice(0, 2)).toEqual([
      { name: 'lead source', type: 'contact', matchesTo: 'f-source' },
      { name: 'ROOF', type: 'property', matchesTo: 'f-roof' },
    ]);
    expect([...custom.customKeys]).toEqual(['contact:f-source', 'property:f-roof']);
  });

  it('sends only mapped columns, named by their headers', () => {
    const mapping = clearColumn(autoMapColumns(['Owner Phone', 'EMAIL', 'Zip'], targets), 1);
    expect(mappedFields(['Owner Phone', 'EMAIL', 'Zip'], mapping)).toEqual([
      { name: 'Owner Phone', type: 'contact', matchesTo: 'Phone' },
      { name: 'Zip', type: 'property', matchesTo: 'Zip' },
    ]);
  });
});
