import { z } from 'zod';
import { API_PAGE_MAX } from '../../rules/public-api.js';
import { text } from '../text.js';
import {
  defineV1,
  V1_EXAMPLE,
  v1Contact,
  type V1Contact,
  v1IdParams as idParams,
  type V1Endpoint,
} from './v1-define.js';
import { V1_RECORD_ENDPOINTS } from './v1-records.js';
import { V1_WORK_ENDPOINTS } from './v1-work.js';

const ID = V1_EXAMPLE.contactId;
const LIST_ID = V1_EXAMPLE.listId;
const AT = V1_EXAMPLE.at;
import { V1_WEBHOOK_ENDPOINTS } from './webhooks.js';
const exampleContact: V1Contact = {
  id: ID,
  firstName: 'Dana',
  lastName: 'Whitfield',
  phones: ['+19164327788'],
  emails: ['dana@example.com'],
  statusId: null,
  fields: {},
  createdAt: AT,
  updatedAt: AT,
};

export const v1ListContacts = defineV1({
  method: 'GET',
  path: '/api/v1/contacts',
  auth: false,
  scope: 'records:read',
  operationId: 'listContacts',
  tag: 'Contacts',
  summary: 'List contacts',
  description: 'The team’s contacts, oldest first, a page at a time: pass `nextCursor` back as `cursor`.',
  query: z.object({
    cursor: text().max(80).optional(),
    limit: z.coerce.number().int().min(1).max(API_PAGE_MAX).optional(),
  }),
  response: z.object({ data: z.array(v1Contact), nextCursor: text().nullable() }),
  example: { response: { data: [exampleContact], nextCursor: null } },
});

export const v1CreateContact = defineV1({
  method: 'POST',
  path: '/api/v1/contacts',
  auth: false,
  scope: 'records:write',
  operationId: 'createContact',
  tag: 'Contacts',
  summary: 'Create a contact',
  description:
    'Adds a contact to a list, stacked as imports stack: a phone or e-mail the team already has adds ' +
    'to that contact (filling only its empty fields) instead of making a second one.',
  idempotent: true,
  body: z.object({
    listId: z.uuid(),
    firstName: text().trim().max(200).optional(),
    lastName: text().trim().max(200).optional(),
    phones: z.array(text().trim().min(1).max(40)).max(10).default([]),
    emails: z.array(text().trim().min(1).max(254)).max(10).default([]),
    /** The calling code phones without one are read in ('1' for the US and Canada). */
    countryCode: text()
      .regex(/^\+?\d{1,3}$/)
      .default('1'),
  }),
  response: z.object({ contact: v1Contact, created: z.boolean() }),
  example: {
    body: { listId: LIST_ID, firstName: 'Dana', lastName: 'Whitfield', phones: ['(916) 432-7788'] },
    response: { contact: exampleContact, created: true },
  },
});

export const v1GetContact = defineV1({
  method: 'GET',
  path: '/api/v1/contacts/:id',
  auth: false,
  scope: 'records:read',
  operationId: 'getContact',
  tag: 'Contacts',
  summary: 'Get a contact',
  params: idParams,
  response: v1Contact,
  example: { response: exampleContact },
});

export const v1UpdateContact = defineV1({
  method: 'PATCH',
  path: '/api/v1/contacts/:id',
  auth: false,
  scope: 'records:write',
  operationId: 'updateContact',
  tag: 'Contacts',
  summary: 'Update a contact',
  description: 'Changes a contact’s name; a field left out stays as it is.',
  params: idParams,
  body: z.object({
    firstName: text().trim().max(200).optional(),
    lastName: text().trim().max(200).optional(),
  }),
  response: v1Contact,
  example: { body: { lastName: 'Whitfield-Ng' }, response: { ...exampleContact, lastName: 'Whitfield-Ng' } },
});

export const v1Text = z.object({
  id: z.uuid(),
  direction: z.enum(['in', 'out']),
  body: text(),
  /** The contact's phone the text went to or came from. */
  phone: text().nullable(),
  status: text().nullable(),
  createdAt: text(),
});

export const v1ContactTexts = defineV1({
  method: 'GET',
  path: '/api/v1/contacts/:id/texts',
  auth: false,
  scope: 'records:read',
  operationId: 'listContactTexts',
  tag: 'Texts',
  summary: 'List a contact’s texts',
  description: 'A contact’s text thread, newest first (the latest 200).',
  params: idParams,
  response: z.object({ data: z.array(v1Text) }),
  example: {
    response: {
      data: [
        {
          id: '9b2d3c1e-5f4a-4b6c-8d7e-0a1b2c3d4e5f',
          direction: 'in',
          body: 'Yes, still interested.',
          phone: '+19164327788',
          status: 'received',
          createdAt: AT,
        },
      ],
    },
  },
});

export const v1SendText = defineV1({
  method: 'POST',
  path: '/api/v1/texts',
  auth: false,
  scope: 'texts:send',
  operationId: 'sendText',
  tag: 'Texts',
  summary: 'Send a text',
  description: 'Texts a phone or e-mail of one of the team’s contacts from the team’s devices.',
  idempotent: true,
  body: z.object({
    to: text().trim().min(3).max(254),
    body: text().trim().min(1).max(1600),
  }),
  response: z.object({ id: z.uuid(), status: text().nullable() }),
  example: {
    body: { to: '+19164327788', body: 'Hi Dana, are you still thinking of selling?' },
    response: { id: '9b2d3c1e-5f4a-4b6c-8d7e-0a1b2c3d4e5f', status: 'queued' },
  },
});

export const v1List = z.object({ id: z.uuid(), name: text(), createdAt: text() });

export const v1CreateList = defineV1({
  method: 'POST',
  path: '/api/v1/lists',
  auth: false,
  scope: 'lists:manage',
  operationId: 'createList',
  tag: 'Lists',
  summary: 'Create a list',
  description: 'Makes an empty list; add contacts to it with `addToList` or `createContact`.',
  idempotent: true,
  body: z.object({ name: text().trim().min(1).max(200) }),
  response: v1List,
  example: { body: { name: 'Zapier leads' }, response: { id: LIST_ID, name: 'Zapier leads', createdAt: AT } },
});

export const v1AddToList = defineV1({
  method: 'POST',
  path: '/api/v1/lists/:id/contacts',
  auth: false,
  scope: 'lists:manage',
  operationId: 'addToList',
  tag: 'Lists',
  summary: 'Add contacts to a list',
  description: 'Adds existing contacts to a list; contacts it already holds are left as they are.',
  params: idParams,
  body: z.object({ contactIds: z.array(z.uuid()).min(1).max(500) }),
  response: z.object({ added: z.number().int() }),
  example: { body: { contactIds: [ID] }, response: { added: 1 } },
});

/** Every v1 call: the server registers exactly these, and the OpenAPI document describes them. */
export const V1_ENDPOINTS: readonly V1Endpoint[] = [
  v1ListContacts,
  v1CreateContact,
  v1GetContact,
  v1UpdateContact,
  v1ContactTexts,
  v1SendText,
  v1CreateList,
  v1AddToList,
  ...V1_RECORD_ENDPOINTS,
  ...V1_WORK_ENDPOINTS,
  ...V1_WEBHOOK_ENDPOINTS,
];
