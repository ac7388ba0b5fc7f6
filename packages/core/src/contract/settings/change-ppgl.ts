import { z } from 'zod';
import { messages } from '../../messages.js';
import { defineEndpoint } from '../endpoint.js';

/** Sets the daily texting limit per device (campaigns only); saved capped at 200. Admin only. */
export const changePpgl = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/changePpgl',
  auth: true,
  body: z.object({ ppgl: z.number({ error: messages.settings.ppglNotNumber }).finite() }),
  response: z.object({ ppgl: z.number().int() }),
});
