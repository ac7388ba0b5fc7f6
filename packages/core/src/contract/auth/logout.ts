import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** Revokes the caller's token on the server; its sockets are disconnected. */
export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/users/logout',
  auth: true,
  response: z.object({ ok: z.literal(true) }),
});
