import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { tokenAndUser } from '../common.js';
import { messages } from '../../messages.js';
import { LOGIN_CODE_LENGTH } from '../../constants.js';

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/users/login',
  auth: false,
  body: z.object({
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ message: messages.auth.invalidEmail })),
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), { message: messages.auth.invalidCode }),
  }),
  response: tokenAndUser,
});
