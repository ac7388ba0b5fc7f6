import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { tokenAndUser } from '../common.js';
import { messages } from '../../messages.js';
import { LOGIN_CODE_LENGTH } from '../../constants.js';
import { text } from '../text.js';

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/users/login',
  auth: false,
  body: z.object({
    email: text()
      .trim()
      .max(254)
      .pipe(z.email({ message: messages.auth.invalidEmail })),
    code: text()
      .trim()
      .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), { message: messages.auth.invalidCode }),
  }),
  /**
   * `notice`: said to the user once, at this login — which team an address invited by several took
   * up, and that the others' invitations stay unused (ADR 032).
   */
  response: tokenAndUser.extend({ notice: text().nullable().optional() }),
});
