import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/** Toggles a member in the assigned list of a task or a record; the member is notified when added. */
export const assign = defineEndpoint({
  method: 'PATCH',
  path: '/api/services/assign',
  auth: true,
  body: z.object({
    assignedId: z.uuid(),
    dataId: z.uuid(),
    dataType: z.enum(['task', 'contact', 'property', 'company']),
  }),
  response: z.object({ _id: text(), assignedTo: z.array(text()) }),
});
