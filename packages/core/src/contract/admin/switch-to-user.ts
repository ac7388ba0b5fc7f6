import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { tokenAndUser } from '../common.js';

/** Staff only: open a session as the admin of a team. */
export const switchToUser = defineEndpoint({
  method: 'POST',
  path: '/api/admin/switchToUser',
  auth: true,
  staff: true,
  body: z.object({ teamId: z.uuid() }),
  response: tokenAndUser,
});
