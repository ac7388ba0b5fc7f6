import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** Sets a lead's status by its text; an omitted status clears it. Needs a primary phone or e-mail. */
export const changeStatus = defineEndpoint({
  method: 'PATCH',
  path: '/api/items/changeStatus',
  auth: true,
  body: z.object({
    dataId: z.uuid(),
    status: z.string().trim().min(1).max(60).optional(),
    prevStatus: z.string().max(60).nullish(),
  }),
  response: z.object({ _id: z.string(), status: z.string().nullable() }),
});
