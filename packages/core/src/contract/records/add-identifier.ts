import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { itemDto } from './dto.js';
import { text } from '../text.js';

/** Adds a phone or e-mail to a contact (a replacement when the others are wrong); returns the item. */
export const addIdentifier = defineEndpoint({
  method: 'PATCH',
  path: '/api/items/addIdt',
  auth: true,
  body: z.object({ itemId: z.uuid(), value: text().trim().min(1).max(254) }),
  response: z.object({ item: itemDto }),
});
