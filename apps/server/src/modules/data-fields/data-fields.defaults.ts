import { SYSTEM_FIELDS, type RecordType } from '@prospector/core';
import type { Section, SectionField } from './data-fields.queries.js';

// 'Year Built' stays Text: a year shown as 1,962 would be wrong.
const NUMERIC = new Set(['Lot Size', 'Bedrooms', 'Bathrooms', 'Full Baths', 'Garage Capacity']);
const CATEGORY = new Set(['Pool', 'Vacant', 'Tax Delinquent']);

function systemField(name: string): SectionField {
  const type: SectionField['type'] =
    name === 'Website' ? 'Link' : NUMERIC.has(name) ? 'Number' : CATEGORY.has(name) ? 'Category' : 'Text';
  return {
    _id: `sys:${name}`,
    name,
    type,
    options: CATEGORY.has(name) ? ['Yes', 'No'] : [],
    config: {},
    system: true,
  };
}

const TITLES: Record<RecordType, string> = { contact: 'Contact', property: 'Property', company: 'Company' };

/** A new team's sections: one system section per entity holding its system fields. */
export function defaultSections(entity: RecordType): Section[] {
  return [
    {
      _id: `sys:${entity}`,
      name: TITLES[entity],
      hidden: false,
      users: [],
      system: true,
      fields: SYSTEM_FIELDS[entity].map(systemField),
    },
  ];
}
