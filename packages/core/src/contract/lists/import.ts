import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { customFieldsByEntity, fieldMapping, listDto } from './dto.js';
import { text } from '../text.js';

/**
 * Step 1 of an import: the file itself, sent as multipart/form-data with one part named `file`
 * (CSV or XLSX, at most 100 MB). The server stores it, reads it through once (streaming) to check it
 * and count its rows, and answers with its columns and first rows, the team's custom fields that
 * columns may fill besides the system fields, and the mapping last used for this layout of columns.
 * Nothing is imported yet.
 */
export const uploadImportFile = defineEndpoint({
  method: 'POST',
  path: '/api/lists/upload',
  auth: true,
  response: z.object({
    fileId: text(),
    fileName: text(),
    columns: z.array(text()),
    preview: z.array(z.array(text())),
    /**
     * Data rows of the file. Reading stops one row past the limit, so a file over it answers
     * `maxRows + 1`: it may then be imported only with `firstRows`.
     */
    rowCount: z.number().int(),
    maxRows: z.number().int(),
    customFields: customFieldsByEntity,
    /**
     * The mapping of the team's last import of a file with the same columns (in any order and case),
     * named by this file's columns; null when there was none. Targets that no longer exist are left out.
     */
    lastMapping: z.array(fieldMapping).nullable(),
  }),
});

/**
 * Step 2: start importing the uploaded file into a new list. Answers at once with the list (state
 * 'importing'); progress arrives as `listProgress` events and the end as `listImported`.
 */
export const importList = defineEndpoint({
  method: 'POST',
  path: '/api/lists/import',
  auth: true,
  body: z.object({
    name: text().max(200),
    countryCode: text().max(10),
    fileId: z.uuid(),
    fields: z.array(fieldMapping).max(500),
    /**
     * Import only the file's first N data rows (N at most the row limit): how a file over the limit is
     * imported at all. The list's result says so.
     */
    firstRows: z.number().int().min(1).optional(),
  }),
  response: z.object({ list: listDto }),
});

/** Phones become DNC for the whole team, now and in future imports (part 2 §7). */
export const importDnc = defineEndpoint({
  method: 'POST',
  path: '/api/items/import-dnc',
  auth: true,
  body: z.object({
    phones: z.array(text().max(100)).min(1).max(100_000),
    countryCode: text().max(10).optional(),
  }),
  response: z.object({
    /** Valid phones read, new to the team's DNC list, invalid ones, and contacts' phones marked DNC. */
    read: z.number().int(),
    added: z.number().int(),
    invalid: z.number().int(),
    identifiersMarked: z.number().int(),
  }),
});
