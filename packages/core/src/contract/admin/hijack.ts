import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { tokenAndUser } from '../common.js';
import { text } from '../text.js';

/** Staff only: open a session as the user with this name (the login field without an at-sign). */
export const hijack = defineEndpoint({
  method: 'POST',
  path: '/api/admin/hijack',
  auth: true,
  staff: true,
  body: z.object({ name: text().trim().min(1).max(120) }),
  response: tokenAndUser,
});
