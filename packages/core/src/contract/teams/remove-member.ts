import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/**
 * Removes a member (not self, not the admin): records assigned to them move to `assignedTo`, all of
 * whom must be other members of the team; required when the member has assigned records.
 */
export const removeMember = defineEndpoint({
  method: 'PATCH',
  path: '/api/teams/removeMember',
  auth: true,
  body: z.object({
    userId: z.uuid(),
    assignedTo: z.array(z.uuid()).max(100).default([]),
  }),
  /** moved: how many records changed hands. */
  response: z.object({ userId: text(), moved: z.number().int() }),
});
