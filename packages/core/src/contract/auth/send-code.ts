import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { messages } from '../../messages.js';
import { text } from '../text.js';

export const sendCode = defineEndpoint({
  method: 'POST',
  path: '/api/users/sendCode',
  auth: false,
  body: z.object({
    email: text()
      .trim()
      .max(254)
      .pipe(z.email({ message: messages.auth.invalidEmail })),
    affId: text().trim().max(64).nullish(),
  }),
  response: z.object({ sent: z.literal(true) }),
});
