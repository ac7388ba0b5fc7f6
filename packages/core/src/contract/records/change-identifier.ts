import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { itemDto } from './dto.js';
import { text } from '../text.js';

/**
 * Toggles 'DNC' or 'Wrong #' on an identifier (either clears primary), or makes it primary (only when
 * it is neither and not already primary; the others are unset).
 */
export const changeIdentifier = defineEndpoint({
  method: 'PATCH',
  path: '/api/items/changeIdt',
  auth: true,
  body: z.object({
    itemId: z.uuid(),
    value: text().min(1).max(254),
    action: z.enum(['DNC', 'Wrong #', 'primary']),
  }),
  response: z.object({ item: itemDto }),
});
