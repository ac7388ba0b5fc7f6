import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/** Sets a lead's status by its text; an omitted status clears it. Needs a primary phone or e-mail. */
export const changeStatus = defineEndpoint({
  method: 'PATCH',
  path: '/api/items/changeStatus',
  auth: true,
  body: z.object({
    dataId: z.uuid(),
    status: text().trim().min(1).max(60).optional(),
    prevStatus: text().max(60).nullish(),
  }),
  response: z.object({ _id: text(), status: text().nullable() }),
});
