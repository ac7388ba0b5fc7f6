import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { itemSummary } from './dto.js';
import { SEARCH_MIN_CHARS } from '../../constants.js';
import { text } from '../text.js';

/** Names, phones in any format, e-mails and addresses; at least 3 characters. */
export const search = defineEndpoint({
  method: 'POST',
  path: '/api/services/search',
  auth: true,
  body: z.object({
    text: text().trim().min(SEARCH_MIN_CHARS).max(100),
    type: z.enum(['all', 'contact', 'property', 'company']).default('all'),
  }),
  response: z.object({ results: z.array(itemSummary) }),
});
