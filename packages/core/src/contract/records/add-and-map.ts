import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { itemDto, itemType } from './dto.js';
import { text } from '../text.js';

/**
 * Adds a linked record to `addedTo` by what identifies it: a contact by phone, a property by its
 * address, a company by its name or website; or links `existingId`, a record picked from the
 * suggestions. A record the team already has is linked, not copied (the same stacking keys as
 * imports). Answers the updated `addedTo` record, and which record was linked and whether the team
 * had it already.
 */
export const addAndMapData = defineEndpoint({
  method: 'PATCH',
  path: '/api/services/addAndMapData',
  auth: true,
  body: z.object({
    type: itemType,
    idt: text().trim().min(1).max(300),
    addedTo: z.uuid(),
    existingId: z.uuid().optional(),
  }),
  response: z.object({ item: itemDto, linked: z.object({ _id: z.uuid(), existed: z.boolean() }) }),
});
