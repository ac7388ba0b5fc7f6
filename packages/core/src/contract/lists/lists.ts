import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { chartPoint, listDto, listProperty, listRecord } from './dto.js';
import { text } from '../text.js';

/** Lists page: 15 at a time, newest position first, filtered by name (case-insensitive). */
export const getLists = defineEndpoint({
  method: 'POST',
  path: '/api/lists/get',
  auth: true,
  body: z.object({
    search: text().max(200).optional(),
    skip: z.number().int().min(0).max(1_000_000).default(0),
  }),
  response: z.object({ lists: z.array(listDto), hasMore: z.boolean() }),
});

/** Sent 500 ms after the last keystroke. */
export const editListName = defineEndpoint({
  method: 'PATCH',
  path: '/api/dashboard/editListName',
  auth: true,
  body: z.object({ name: text().max(200), listId: z.uuid() }),
  response: z.object({ list: listDto }),
});

/** Moves a list to index `newIdx` of the team's order (0 = first). */
export const moveList = defineEndpoint({
  method: 'PATCH',
  path: '/api/dashboard/moveList',
  auth: true,
  body: z.object({ listId: z.uuid(), newIdx: z.number().int().min(0).max(1_000_000) }),
  response: z.object({ ok: z.literal(true) }),
});

/**
 * Deletes a list with its list items and its finished or failed import. The records stay: they may
 * belong to other lists. A list still importing cannot be deleted (409).
 */
export const removeList = defineEndpoint({
  method: 'PATCH',
  path: '/api/lists/remove',
  auth: true,
  body: z.object({ listId: z.uuid() }),
  response: z.object({ ok: z.literal(true) }),
});

/** Side panel of the lists page. */
export const getListStats = defineEndpoint({
  method: 'GET',
  path: '/api/lists/statsById/:id',
  auth: true,
  params: z.object({ id: z.uuid() }),
  response: z.object({
    verifiedProps: z.number().int(),
    verifiedComps: z.number().int(),
    /** Contacts of the list per lead status ('No status' for none). */
    statusStats: z.array(chartPoint),
  }),
});

/**
 * List detail: 25 properties from `skip` (0 or a multiple of 25), optionally searched, and the list's
 * stats. With `type` contact or company, 25 of the list's contacts or companies instead (in `records`;
 * `total` counts them).
 */
export const getListById = defineEndpoint({
  method: 'GET',
  path: '/api/lists/byId/:listId/:skip',
  auth: true,
  params: z.object({ listId: z.uuid(), skip: z.coerce.number().int().min(0).multipleOf(25) }),
  query: z.object({
    search: text().max(200).optional(),
    type: z.enum(['property', 'contact', 'company']).optional(),
  }),
  response: z.object({
    list: listDto,
    /** Records of the asked type matching the search (all of the list's without one). */
    total: z.number().int(),
    properties: z.array(listProperty),
    /** The page's contacts or companies when they were asked for; absent otherwise. */
    records: z.array(listRecord).optional(),
    stats: z.object({
      propCount: z.number().int(),
      verifiedOwners: z.number().int(),
      /** Properties by how many phones they have: '0', '1', '2', '3+'. */
      phoneCounts: z.array(chartPoint),
      /** Properties by use description (the 6 most common, then 'Other'). */
      propStats: z.object({
        labels: z.array(text()),
        datasets: z.array(z.object({ label: text(), data: z.array(z.number().int()) })),
      }),
    }),
  }),
});
