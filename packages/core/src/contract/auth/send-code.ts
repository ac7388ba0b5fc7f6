import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { messages } from '../../messages.js';

export const sendCode = defineEndpoint({
  method: 'POST',
  path: '/api/users/sendCode',
  auth: false,
  body: z.object({
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ message: messages.auth.invalidEmail })),
    affId: z.string().trim().max(64).nullish(),
  }),
  response: z.object({ sent: z.literal(true) }),
});
