import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

const csvAnswer = z.object({ fileName: text(), csv: text(), rows: z.number().int() });

/** Export screen: every lead status with its number of contacts. */
export const countExport = defineEndpoint({
  method: 'POST',
  path: '/api/items/countExport',
  auth: true,
  response: z.object({
    statuses: z.array(z.object({ _id: text(), text: text(), count: z.number().int() })),
  }),
});

/** All contacts with the status `condition` (a status id), as CSV named after the status. */
export const exportByStatus = defineEndpoint({
  method: 'POST',
  path: '/api/items/export',
  auth: true,
  body: z.object({ condition: z.uuid() }),
  response: csvAnswer,
});

const listChunk = z.object({ listId: z.uuid(), skip: z.number().int().min(0).multipleOf(10_000).default(0) });
const chunkAnswer = csvAnswer.extend({ hasMore: z.boolean() });

/** A list's DNC phones, 10,000 contacts a call. */
export const exportDnc = defineEndpoint({
  method: 'POST',
  path: '/api/items/exportDNC',
  auth: true,
  body: listChunk,
  response: chunkAnswer,
});
/** A list's landline phones (numbers libphonenumber classes as fixed line), 10,000 contacts a call. */
export const exportLandline = defineEndpoint({
  method: 'POST',
  path: '/api/items/exportLandline',
  auth: true,
  body: listChunk,
  response: chunkAnswer,
});
/** All of a list's contacts, 10,000 a call. */
export const exportAll = defineEndpoint({
  method: 'POST',
  path: '/api/items/exportAll',
  auth: true,
  body: listChunk,
  response: chunkAnswer,
});
