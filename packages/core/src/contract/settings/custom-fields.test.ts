import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../rules/data-fields.js';
import { sectionField } from '../records/dto.js';
import { dataFieldSchema } from './custom-fields.js';

const field = { _id: 'f1', name: 'Budget', options: [], config: {}, system: false };

describe("a data field's contract", () => {
  it('the field the server sends and the one the screen saves take exactly the palette’s types', () => {
    expect(sectionField.shape.type.options).toEqual([...FIELD_TYPES]);
    expect(dataFieldSchema.shape.type.options).toEqual([...FIELD_TYPES]);
    expect(dataFieldSchema.safeParse({ ...field, type: 'Checkbox' }).success).toBe(false);
  });

  it('a saved field keeps the limits of what may be saved, which the DTO does not have', () => {
    const long = { ...field, type: 'Text', name: 'x'.repeat(61) };
    expect(sectionField.safeParse(long).success).toBe(true);
    expect(dataFieldSchema.safeParse(long).success).toBe(false);
    expect(dataFieldSchema.safeParse({ ...long, name: 'x'.repeat(60) }).success).toBe(true);
  });
});
