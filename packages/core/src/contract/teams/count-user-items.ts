import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** How many records are assigned to a member of the caller's team (asked before removing them). */
export const countUserItems = defineEndpoint({
  method: 'POST',
  path: '/api/items/countUserItems',
  auth: true,
  body: z.object({ userId: z.uuid() }),
  response: z.object({ itemCount: z.number().int() }),
});
