import { z } from 'zod';
import { currentUser } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * Finishes onboarding. Admin only. The server checks every gate again (company and user name,
 * time zone, a connected device, a template group with a template, a status of the team's own) and
 * answers 400 with the first unmet one's message; on success the team is onboarded and the current
 * user is returned.
 */
export const boarded = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/boarded',
  auth: true,
  body: z.object({}).default({}),
  response: z.object({ user: currentUser }),
});
