import { z } from 'zod';
import { messages } from '../../messages.js';
import { MAX_SUB_USERS, subUserPhoneInvalid, subUsersToSave } from '../../rules/settings.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

const subUser = z.object({ name: text().max(100), phone: text().max(40) });

/**
 * Replaces the team's sub-users (Settings > Other). Rows with an empty name are dropped; a kept row's
 * phone must match the pattern ('* Not a valid phone number.'). Admin only.
 */
export const updateSubUsers = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/updateSubUsers',
  auth: true,
  body: z.object({
    subUsers: z
      .array(subUser)
      .max(MAX_SUB_USERS)
      .superRefine((rows, ctx) => {
        rows.forEach((row, i) => {
          if (subUserPhoneInvalid(row))
            ctx.addIssue({ code: 'custom', path: [i, 'phone'], message: messages.team.invalidPhone });
        });
      })
      .transform(subUsersToSave),
  }),
  response: z.object({ subUsers: z.array(subUser) }),
});
