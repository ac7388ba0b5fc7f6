import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { itemDto, itemType } from './dto.js';
import { text } from '../text.js';

/**
 * Adds a linked record to `addedTo` by what identifies it: a contact by phone, a property by its
 * address, a company by its name or website. A record the team already has is linked, not copied
 * (the same stacking as imports). Answers the updated `addedTo` record.
 */
export const addAndMapData = defineEndpoint({
  method: 'PATCH',
  path: '/api/services/addAndMapData',
  auth: true,
  body: z.object({ type: itemType, idt: text().trim().min(1).max(300), addedTo: z.uuid() }),
  response: z.object({ item: itemDto }),
});
