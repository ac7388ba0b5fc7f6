import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { currentUser } from '../common.js';

/** The logged-in user, read on start-up to restore a stored token. */
export const getMe = defineEndpoint({
  method: 'GET',
  path: '/api/users/me',
  auth: true,
  response: z.object({ user: currentUser }),
});
