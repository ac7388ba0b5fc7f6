import { describe, expect, it } from 'vitest';
import {
  addCategoryOption,
  freeFieldName,
  MAX_FIELDS,
  MAX_SECTIONS,
  newField,
  newSection,
  maySeeSection,
  sectionsProblem,
  type DataField,
  type DataSection,
} from './data-fields.js';

const sysField = (name: string, type: DataField['type'] = 'Text', options: string[] = []): DataField => ({
  _id: `sys:${name}`,
  name,
  type,
  options,
  config: {},
  system: true,
});
const system = (): DataSection => ({
  _id: 'sys:property',
  name: 'Property',
  hidden: false,
  users: [],
  system: true,
  fields: [sysField('Address'), sysField('Pool', 'Category', ['Yes', 'No'])],
});
const field = (id: string, name: string, over: Partial<DataField> = {}): DataField => ({
  ...newField('Text', id, name),
  ...over,
});
const section = (id: string, name: string, fields: DataField[] = [], over: Partial<DataSection> = {}) => ({
  ...newSection(id, name),
  fields,
  ...over,
});

const before = [system()];

describe('sectionsProblem', () => {
  it('accepts a new section with fields placed above the system one', () => {
    const deal = section('s1', 'Deal', [field('f1', 'Motivation', { type: 'Category', options: ['High'] })]);
    expect(sectionsProblem(before, [deal, system()], [])).toBeNull();
  });

  it('accepts system fields reordered and moved into another section', () => {
    const [address, pool] = system().fields as [DataField, DataField];
    const moved = [{ ...system(), fields: [pool] }, section('s1', 'More', [address])];
    expect(sectionsProblem(before, moved, [])).toBeNull();
  });

  it('accepts hiding the system section', () => {
    expect(sectionsProblem(before, [{ ...system(), hidden: true }], [])).toBeNull();
  });

  it('refuses removing or renaming the system section', () => {
    expect(sectionsProblem(before, [], [])).toBe('The Property section is built in and cannot be deleted.');
    expect(sectionsProblem(before, [{ ...system(), name: 'House' }], [])).toBe(
      'The Property section is built in and cannot be renamed.',
    );
    expect(sectionsProblem(before, [{ ...system(), system: false }], [])).toBe(
      'The Property section is built in and cannot be deleted.',
    );
  });

  it('refuses deleting a system field', () => {
    const without = [{ ...system(), fields: system().fields.slice(1) }];
    expect(sectionsProblem(before, without, [])).toBe('Address is a built-in field and cannot be deleted.');
  });

  it("refuses changing a system field's name, type or options", () => {
    const change = (over: Partial<DataField>) => [
      { ...system(), fields: [system().fields[0]!, { ...system().fields[1]!, ...over }] },
    ];
    const refused = 'Pool is a built-in field: its name, type and options cannot change.';
    expect(sectionsProblem(before, change({ name: 'Pools' }), [])).toBe(refused);
    expect(sectionsProblem(before, change({ type: 'Text' }), [])).toBe(refused);
    expect(sectionsProblem(before, change({ options: ['Yes'] }), [])).toBe(refused);
  });

  it('refuses a new section or field that claims to be a system one', () => {
    expect(sectionsProblem(before, [system(), section('s1', 'X', [], { system: true })], [])).toBe(
      'Only the built-in sections and fields are system ones.',
    );
    expect(
      sectionsProblem(before, [system(), section('s1', 'X', [field('f1', 'Y', { system: true })])], []),
    ).toBe('Only the built-in sections and fields are system ones.');
  });

  it('refuses empty section and field names', () => {
    expect(sectionsProblem(before, [system(), section('s1', '  ')], [])).toBe('Every section needs a name.');
    expect(sectionsProblem(before, [system(), section('s1', 'Deal', [field('f1', ' ')])], [])).toBe(
      'Every field needs a name.',
    );
  });

  it('refuses two fields of the entity with the same name, in any case and any section', () => {
    expect(sectionsProblem(before, [system(), section('s1', 'Deal', [field('f1', ' address ')])], [])).toBe(
      'Two fields are named "address": field names must be unique.',
    );
    const twice = [
      system(),
      section('s1', 'A', [field('f1', 'Roof')]),
      section('s2', 'B', [field('f2', 'ROOF')]),
    ];
    expect(sectionsProblem(before, twice, [])).toBe(
      'Two fields are named "ROOF": field names must be unique.',
    );
  });

  it('refuses an empty or repeated category option', () => {
    const category = (options: string[]) => [
      system(),
      section('s1', 'Deal', [field('f1', 'Motivation', { type: 'Category', options })]),
    ];
    expect(sectionsProblem(before, category(['High', ' ']), [])).toBe(
      'The Motivation field has an empty option.',
    );
    expect(sectionsProblem(before, category(['High', 'high']), [])).toBe(
      'The Motivation field has the option "high" twice.',
    );
  });

  it('refuses a section shown to someone not on the team', () => {
    const restricted = [system(), section('s1', 'Deal', [], { users: ['u1', 'u9'] })];
    expect(sectionsProblem(before, restricted, ['u1', 'u2'])).toBe(
      'The Deal section is shown to someone who is not on your team.',
    );
    expect(sectionsProblem(before, restricted, ['u1', 'u9'])).toBeNull();
  });

  it('refuses repeated ids', () => {
    expect(sectionsProblem(before, [system(), section('s1', 'A'), section('s1', 'B')], [])).toBe(
      'Two sections or fields have the same id.',
    );
  });

  it('refuses more sections or fields than the limits', () => {
    const many = Array.from({ length: MAX_SECTIONS }, (_, i) => section(`s${i}`, `S${i}`));
    expect(sectionsProblem(before, [system(), ...many], [])).toBe(
      'A record type can have at most 50 sections.',
    );
    const fields = Array.from({ length: MAX_FIELDS }, (_, i) => field(`f${i}`, `F${i}`));
    expect(sectionsProblem(before, [system(), section('s1', 'Big', fields)], [])).toBe(
      'A record type can have at most 200 fields.',
    );
  });
});

describe('addCategoryOption', () => {
  it('adds a trimmed option at the end', () => {
    expect(addCategoryOption(['High'], '  Low ')).toEqual(['High', 'Low']);
  });

  it('ignores empty text and an option already there in any case', () => {
    expect(addCategoryOption(['High'], '   ')).toEqual(['High']);
    expect(addCategoryOption(['High'], 'HIGH')).toEqual(['High']);
  });
});

describe('newField, newSection and freeFieldName', () => {
  it('makes a custom field with the config flags of its type', () => {
    expect(newField('Category', 'f1')).toEqual({
      _id: 'f1',
      name: 'Category',
      type: 'Category',
      options: [],
      config: { multipick: false },
      system: false,
    });
    expect(newField('Location', 'f2').config).toEqual({ maps: false });
    expect(newField('Text', 'f3').config).toEqual({ multiline: false });
    expect(newField('Date', 'f4').config).toEqual({});
  });

  it('makes an empty custom section visible to everyone', () => {
    expect(newSection('s1')).toEqual({
      _id: 's1',
      name: 'New section',
      hidden: false,
      users: [],
      system: false,
      fields: [],
    });
  });

  it('numbers a name already taken', () => {
    const sections = [section('s1', 'A', [field('f1', 'Text'), field('f2', 'text 2')])];
    expect(freeFieldName(sections, 'Number')).toBe('Number');
    expect(freeFieldName(sections, 'Text')).toBe('Text 3');
  });
});

describe('maySeeSection', () => {
  const member = { id: 'u1', role: 'member', permissions: [] as string[] };
  it.each([
    ['a section for everyone', member, { users: [], system: false }, true],
    ['a section limited to the member', member, { users: ['u1'], system: false }, true],
    ['a section limited to someone else', member, { users: ['u2'], system: false }, false],
    ['…seen by the admin', { ...member, role: 'admin' }, { users: ['u2'], system: false }, true],
    [
      '…seen by a Data Fields editor',
      { ...member, permissions: ['dataFields'] },
      { users: ['u2'], system: false },
      true,
    ],
    ['a built-in section, even if limited', member, { users: ['u2'], system: true }, true],
  ])('%s', (_what, viewer, section, expected) => {
    expect(maySeeSection(viewer, section)).toBe(expected);
  });
});
