import { z } from 'zod';
import { LOGIN_CODE_LENGTH } from '../../constants.js';
import { messages } from '../../messages.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';
import { teamMemberDto } from './dto.js';

/**
 * Finishes an e-mail change begun by `editMember`: the code sent to the new address moves the account
 * there and logs out its other sessions. Same rights as editing that member.
 */
export const confirmMemberEmail = defineEndpoint({
  method: 'POST',
  path: '/api/teams/confirmMemberEmail',
  auth: true,
  body: z.object({
    _id: z.uuid(),
    code: text()
      .trim()
      .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), { message: messages.auth.invalidCode }),
  }),
  response: z.object({ user: teamMemberDto }),
});
