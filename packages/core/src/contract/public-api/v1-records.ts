import { z } from 'zod';
import { SYSTEM_FIELDS } from '../../rules/records.js';
import { text } from '../text.js';
import { defineV1, V1_EXAMPLE, v1FieldValue, v1IdParams, v1PageQuery, type V1Endpoint } from './v1-define.js';

/** A property or a company as the API shows it: its system fields by their names in the app. */
export const v1Record = z.object({
  id: z.uuid(),
  /** How the app titles it: a property by its address, a company by its name. */
  title: text(),
  fields: z.record(text(), v1FieldValue),
  createdAt: text(),
  updatedAt: text(),
});
export type V1Record = z.infer<typeof v1Record>;

const fieldInput = z.union([text().trim().max(500), z.number()]);

/** The system fields of one kind of record, each optional; a name the app does not know is refused. */
function fieldsOf(type: 'property' | 'company') {
  return z.object(Object.fromEntries(SYSTEM_FIELDS[type].map((f) => [f, fieldInput.optional()]))).strict();
}
const propertyFields = fieldsOf('property');
const companyFields = fieldsOf('company');

const AT = V1_EXAMPLE.at;
const exampleProperty: V1Record = {
  id: V1_EXAMPLE.propertyId,
  title: '412 Elm St',
  fields: { Address: '412 Elm St', City: 'Sacramento', State: 'CA', Zip: '95814', Bedrooms: 3 },
  createdAt: AT,
  updatedAt: AT,
};
const exampleCompany: V1Record = {
  id: V1_EXAMPLE.companyId,
  title: 'Whitfield Holdings',
  fields: { Name: 'Whitfield Holdings', Website: 'https://whitfield.example.com' },
  createdAt: AT,
  updatedAt: AT,
};

const page = z.object({ data: z.array(v1Record), nextCursor: text().nullable() });
const stacking = (what: string, key: string) =>
  `Adds ${what} to a list, stacked as imports stack: ${key} the team already has adds to that record ` +
  '(filling only its empty fields) instead of making a second one; `created` says which happened. ' +
  'Values are read as an import reads its cells (names title-cased, numbers from text, a website given https).';

export const v1ListProperties = defineV1({
  method: 'GET',
  path: '/api/v1/properties',
  auth: false,
  scope: 'records:read',
  operationId: 'listProperties',
  tag: 'Properties',
  summary: 'List properties',
  description: 'The team’s properties, oldest first, a page at a time: pass `nextCursor` back as `cursor`.',
  query: v1PageQuery,
  response: page,
  example: { response: { data: [exampleProperty], nextCursor: null } },
});

export const v1CreateProperty = defineV1({
  method: 'POST',
  path: '/api/v1/properties',
  auth: false,
  scope: 'records:write',
  operationId: 'createProperty',
  tag: 'Properties',
  summary: 'Create a property',
  description: stacking('a property', 'an address (street, city, state and ZIP)'),
  idempotent: true,
  body: z.object({ listId: z.uuid(), fields: propertyFields }),
  response: z.object({ property: v1Record, created: z.boolean() }),
  example: {
    body: {
      listId: V1_EXAMPLE.listId,
      fields: { Address: '412 elm st', City: 'Sacramento', State: 'CA', Zip: '95814', Bedrooms: '3' },
    },
    response: { property: exampleProperty, created: true },
  },
});

export const v1GetProperty = defineV1({
  method: 'GET',
  path: '/api/v1/properties/:id',
  auth: false,
  scope: 'records:read',
  operationId: 'getProperty',
  tag: 'Properties',
  summary: 'Get a property',
  params: v1IdParams,
  response: v1Record,
  example: { response: exampleProperty },
});

export const v1UpdateProperty = defineV1({
  method: 'PATCH',
  path: '/api/v1/properties/:id',
  auth: false,
  scope: 'records:write',
  operationId: 'updateProperty',
  tag: 'Properties',
  summary: 'Update a property',
  description: 'Sets the fields given; a field left out stays as it is, an empty one is cleared.',
  params: v1IdParams,
  body: z.object({ fields: propertyFields }),
  response: v1Record,
  example: {
    body: { fields: { Bedrooms: 4 } },
    response: { ...exampleProperty, fields: { ...exampleProperty.fields, Bedrooms: 4 } },
  },
});

export const v1ListCompanies = defineV1({
  method: 'GET',
  path: '/api/v1/companies',
  auth: false,
  scope: 'records:read',
  operationId: 'listCompanies',
  tag: 'Companies',
  summary: 'List companies',
  description: 'The team’s companies, oldest first, a page at a time: pass `nextCursor` back as `cursor`.',
  query: v1PageQuery,
  response: page,
  example: { response: { data: [exampleCompany], nextCursor: null } },
});

export const v1CreateCompany = defineV1({
  method: 'POST',
  path: '/api/v1/companies',
  auth: false,
  scope: 'records:write',
  operationId: 'createCompany',
  tag: 'Companies',
  summary: 'Create a company',
  description: stacking('a company', 'a company name or website'),
  idempotent: true,
  body: z.object({ listId: z.uuid(), fields: companyFields }),
  response: z.object({ company: v1Record, created: z.boolean() }),
  example: {
    body: {
      listId: V1_EXAMPLE.listId,
      fields: { Name: 'Whitfield Holdings', Website: 'whitfield.example.com' },
    },
    response: { company: exampleCompany, created: true },
  },
});

export const v1GetCompany = defineV1({
  method: 'GET',
  path: '/api/v1/companies/:id',
  auth: false,
  scope: 'records:read',
  operationId: 'getCompany',
  tag: 'Companies',
  summary: 'Get a company',
  params: v1IdParams,
  response: v1Record,
  example: { response: exampleCompany },
});

export const v1UpdateCompany = defineV1({
  method: 'PATCH',
  path: '/api/v1/companies/:id',
  auth: false,
  scope: 'records:write',
  operationId: 'updateCompany',
  tag: 'Companies',
  summary: 'Update a company',
  description: 'Sets the fields given; a field left out stays as it is, an empty one is cleared.',
  params: v1IdParams,
  body: z.object({ fields: companyFields }),
  response: v1Record,
  example: {
    body: { fields: { City: 'Sacramento' } },
    response: { ...exampleCompany, fields: { ...exampleCompany.fields, City: 'Sacramento' } },
  },
});

export const v1SearchHit = z.object({
  id: z.uuid(),
  type: z.enum(['contact', 'property', 'company']),
  title: text(),
  /** A contact's status. */
  status: text().nullable(),
  /** Its second line in the app: a contact's primary phone or e-mail, a property's city, a company's website. */
  subtitle: text(),
});

export const v1Search = defineV1({
  method: 'GET',
  path: '/api/v1/search',
  auth: false,
  scope: 'records:read',
  operationId: 'searchRecords',
  tag: 'Search',
  summary: 'Search records',
  description:
    'The app’s search: records whose name or address holds the text, or whose phone or e-mail matches ' +
    'it (a phone in any format); the 20 most recently worked on.',
  query: z.object({
    q: text().trim().min(1).max(200),
    type: z.enum(['all', 'contact', 'property', 'company']).default('all'),
  }),
  response: z.object({ data: z.array(v1SearchHit) }),
  example: {
    response: {
      data: [
        {
          id: V1_EXAMPLE.contactId,
          type: 'contact',
          title: 'Dana Whitfield',
          status: 'Not contacted',
          subtitle: '(916) 432-7788',
        },
      ],
    },
  },
});

export const V1_RECORD_ENDPOINTS: readonly V1Endpoint[] = [
  v1ListProperties,
  v1CreateProperty,
  v1GetProperty,
  v1UpdateProperty,
  v1ListCompanies,
  v1CreateCompany,
  v1GetCompany,
  v1UpdateCompany,
  v1Search,
];
