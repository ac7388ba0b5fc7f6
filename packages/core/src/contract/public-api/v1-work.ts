import { z } from 'zod';
import { importResult } from '../lists/dto.js';
import { text } from '../text.js';
import { defineV1, v1Contact, V1_EXAMPLE, v1IdParams, v1PageQuery, type V1Endpoint } from './v1-define.js';

const AT = V1_EXAMPLE.at;

// ---- Lists: importing a CSV -------------------------------------------------------------------

export const v1ImportMapping = z.object({
  /** The file's column, by its header. */
  name: text().min(1).max(500),
  type: z.enum(['contact', 'property', 'company']),
  /** A field of that record: a system field's name, 'Phone', 'Email', 'Full name', or a custom field's id. */
  matchesTo: text().min(1).max(200),
});

export const v1Import = z.object({
  /** The import's id, which is also its list's. */
  id: z.uuid(),
  listId: z.uuid(),
  name: text(),
  state: z.enum(['importing', 'imported', 'failed']),
  totalRows: z.number().int(),
  rowsDone: z.number().int(),
  error: text().nullable(),
  /** The columns read and where they went. */
  mapping: z.array(v1ImportMapping),
  /** What the rows made: new and stacked records, phones and e-mails refused, rows dropped and why. */
  result: importResult,
});
export type V1Import = z.infer<typeof v1Import>;

const exampleImport: V1Import = {
  id: V1_EXAMPLE.listId,
  listId: V1_EXAMPLE.listId,
  name: 'County records',
  state: 'importing',
  totalRows: 2,
  rowsDone: 0,
  error: null,
  mapping: [
    { name: 'First Name', type: 'contact', matchesTo: 'First name' },
    { name: 'Phone', type: 'contact', matchesTo: 'Phone' },
    { name: 'Property Address', type: 'property', matchesTo: 'Address' },
  ],
  result: {
    rowsRead: 0,
    contactsNew: 0,
    contactsMerged: 0,
    propertiesNew: 0,
    propertiesMerged: 0,
    companiesNew: 0,
    companiesMerged: 0,
    invalidPhones: 0,
    invalidEmails: 0,
    dncPhones: 0,
    dropped: {},
  },
};

/** The text parts of `importList`'s form, beside its file. */
export const v1ImportForm = z.object({
  name: text().trim().min(1).max(200),
  countryCode: text()
    .trim()
    .regex(/^\+[1-9]\d{0,3}$/)
    .default('+1'),
  /** A JSON array of `{ name, type, matchesTo }`. */
  mapping: text().max(100_000).optional(),
});

export const v1ImportList = defineV1({
  method: 'POST',
  path: '/api/v1/lists/import',
  auth: false,
  scope: 'lists:manage',
  operationId: 'importList',
  tag: 'Lists',
  summary: 'Import a CSV into a new list',
  description:
    'Sends a spreadsheet (CSV or XLSX, first row the headers) as `multipart/form-data`: the file in the part ' +
    '`file`, and `name` (the new list’s). It is imported by the app’s import engine, stacked onto the ' +
    'team’s records as every import is; the answer comes at once with the import’s `id` (state ' +
    '`importing`): poll `getImport` until it is `imported` or `failed`.\n\n' +
    '**Columns.** Without `mapping`, columns are mapped as the app maps them: the team’s last mapping of a ' +
    'file with the same headers, else by header name — `Phone`, `Mobile`, `Cell`, `Phone 2`… fill the ' +
    'contact’s phones; `Email` its e-mails; `First Name`, `Last Name` or `Full Name` its name; `Mailing ' +
    'Address`, `Mailing City`… its address; `Address`, `Street`, `City`, `State`, `Zip`, `Bedrooms`, ' +
    '`Baths`, `Year Built`, `Lot Size`… the property; `Company`, `Website` the company. A row needs a valid ' +
    'phone or e-mail, a property address or a company name to be kept. `mapping` (a JSON array of ' +
    '`{ name, type, matchesTo }`: the column, `contact`, `property` or `company`, and the field) maps the ' +
    'columns yourself; columns it leaves out are not imported.\n\n' +
    '`countryCode` (`+1` unless given) is the calling code phones without one are read in. With an ' +
    '`Idempotency-Key`, the same key within 24 hours answers the first import instead of importing again.',
  idempotent: true,
  form: {
    fields: v1ImportForm,
    file: { mediaType: 'text/csv', description: 'The spreadsheet: CSV or XLSX, its first row the headers.' },
  },
  response: v1Import,
  example: { form: { name: 'County records', countryCode: '+1' }, response: exampleImport },
});

export const v1GetImport = defineV1({
  method: 'GET',
  path: '/api/v1/imports/:id',
  auth: false,
  scope: 'lists:manage',
  operationId: 'getImport',
  tag: 'Lists',
  summary: 'Get an import’s progress',
  description: 'An import started by `importList`: its state, rows done and, once imported, what it made.',
  params: v1IdParams,
  response: v1Import,
  example: {
    response: {
      ...exampleImport,
      state: 'imported',
      rowsDone: 2,
      result: { ...exampleImport.result, rowsRead: 2, contactsNew: 2, propertiesNew: 2 },
    },
  },
});

// ---- Campaigns --------------------------------------------------------------------------------

export const v1Campaign = z.object({
  id: z.uuid(),
  name: text(),
  /** 'Text' or 'Call'. */
  type: text(),
  status: z.enum(['In Progress', 'Finished']),
  paused: z.boolean(),
  recipients: z.number().int(),
  sent: z.number().int(),
  replied: z.number().int(),
  createdAt: text(),
});
export type V1Campaign = z.infer<typeof v1Campaign>;

const exampleCampaign: V1Campaign = {
  id: V1_EXAMPLE.campaignId,
  name: 'Spring openers',
  type: 'Text',
  status: 'In Progress',
  paused: false,
  recipients: 420,
  sent: 180,
  replied: 23,
  createdAt: AT,
};

export const v1ListCampaigns = defineV1({
  method: 'GET',
  path: '/api/v1/campaigns',
  auth: false,
  scope: 'campaigns',
  operationId: 'listCampaigns',
  tag: 'Campaigns',
  summary: 'List campaigns',
  description:
    'As the Campaigns page orders them: running, then paused, then finished, newest first; a page at a ' +
    'time: pass `nextCursor` back as `cursor`.',
  query: z.object({ cursor: text().max(20).optional() }),
  response: z.object({ data: z.array(v1Campaign), nextCursor: text().nullable() }),
  example: { response: { data: [exampleCampaign], nextCursor: null } },
});

export const v1StartCampaign = defineV1({
  method: 'POST',
  path: '/api/v1/campaigns/:id/start',
  auth: false,
  scope: 'campaigns',
  operationId: 'startCampaign',
  tag: 'Campaigns',
  summary: 'Start (resume) a campaign',
  description: 'Resumes a paused campaign, as its switch on the Campaigns page does.',
  params: v1IdParams,
  response: v1Campaign,
  example: { response: exampleCampaign },
});

export const v1PauseCampaign = defineV1({
  method: 'POST',
  path: '/api/v1/campaigns/:id/pause',
  auth: false,
  scope: 'campaigns',
  operationId: 'pauseCampaign',
  tag: 'Campaigns',
  summary: 'Pause a campaign',
  description: 'No more texts or calls go out for it until it is started again.',
  params: v1IdParams,
  response: v1Campaign,
  example: { response: { ...exampleCampaign, paused: true } },
});

// ---- Statuses ---------------------------------------------------------------------------------

export const v1Status = z.object({
  id: z.uuid(),
  name: text(),
  builtIn: z.boolean(),
  /** Hidden from the board. */
  hidden: z.boolean(),
});

export const v1ListStatuses = defineV1({
  method: 'GET',
  path: '/api/v1/statuses',
  auth: false,
  scope: 'records:read',
  operationId: 'listStatuses',
  tag: 'Statuses',
  summary: 'List statuses',
  description: 'The team’s lead statuses (the board’s columns), in board order.',
  response: z.object({ data: z.array(v1Status) }),
  example: {
    response: {
      data: [{ id: V1_EXAMPLE.statusId, name: 'Not contacted', builtIn: true, hidden: false }],
    },
  },
});

export const v1SetContactStatus = defineV1({
  method: 'PUT',
  path: '/api/v1/contacts/:id/status',
  auth: false,
  scope: 'records:write',
  operationId: 'setContactStatus',
  tag: 'Statuses',
  summary: 'Set a contact’s status',
  description:
    'Moves a contact to a status of `listStatuses` (null: none), as the app does; a contact needs a ' +
    'primary phone or e-mail to have one.',
  params: v1IdParams,
  body: z.object({ statusId: z.uuid().nullable() }),
  response: v1Contact,
  example: {
    body: { statusId: V1_EXAMPLE.statusId },
    response: {
      id: V1_EXAMPLE.contactId,
      firstName: 'Dana',
      lastName: 'Whitfield',
      phones: ['+19164327788'],
      emails: [],
      statusId: V1_EXAMPLE.statusId,
      fields: {},
      createdAt: AT,
      updatedAt: AT,
    },
  },
});

// ---- Tasks ------------------------------------------------------------------------------------

export const v1Task = z.object({
  id: z.uuid(),
  /** The contact, property or company it is about. */
  recordId: z.uuid(),
  text: text(),
  completed: z.boolean(),
  due: text().nullable(),
  createdAt: text(),
});
export type V1Task = z.infer<typeof v1Task>;

const exampleTask: V1Task = {
  id: V1_EXAMPLE.taskId,
  recordId: V1_EXAMPLE.contactId,
  text: 'Call Dana back about the offer',
  completed: false,
  due: '2026-12-01T17:00:00.000Z',
  createdAt: AT,
};

export const v1ListTasks = defineV1({
  method: 'GET',
  path: '/api/v1/tasks',
  auth: false,
  scope: 'records:read',
  operationId: 'listTasks',
  tag: 'Tasks',
  summary: 'List tasks',
  description:
    'The team’s tasks (or one record’s, with `recordId`), oldest first, open ones unless `state` says ' +
    'otherwise; a page at a time: pass `nextCursor` back as `cursor`.',
  query: v1PageQuery.extend({
    recordId: z.uuid().optional(),
    state: z.enum(['open', 'completed', 'all']).default('open'),
  }),
  response: z.object({ data: z.array(v1Task), nextCursor: text().nullable() }),
  example: { response: { data: [exampleTask], nextCursor: null } },
});

export const v1CreateTask = defineV1({
  method: 'POST',
  path: '/api/v1/tasks',
  auth: false,
  scope: 'records:write',
  operationId: 'createTask',
  tag: 'Tasks',
  summary: 'Create a task',
  description: 'A task on a contact, property or company, with an optional due time (ISO 8601).',
  idempotent: true,
  body: z.object({
    recordId: z.uuid(),
    text: text().trim().min(1).max(2000),
    due: z.iso.datetime({ offset: true }).nullable().optional(),
  }),
  response: v1Task,
  example: {
    body: {
      recordId: V1_EXAMPLE.contactId,
      text: 'Call Dana back about the offer',
      due: '2026-12-01T17:00:00Z',
    },
    response: exampleTask,
  },
});

export const v1CompleteTask = defineV1({
  method: 'POST',
  path: '/api/v1/tasks/:id/complete',
  auth: false,
  scope: 'records:write',
  operationId: 'completeTask',
  tag: 'Tasks',
  summary: 'Complete a task',
  params: v1IdParams,
  response: v1Task,
  example: { response: { ...exampleTask, completed: true } },
});

export const V1_WORK_ENDPOINTS: readonly V1Endpoint[] = [
  v1ImportList,
  v1GetImport,
  v1ListCampaigns,
  v1StartCampaign,
  v1PauseCampaign,
  v1ListStatuses,
  v1SetContactStatus,
  v1ListTasks,
  v1CreateTask,
  v1CompleteTask,
];
