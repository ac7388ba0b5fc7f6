import { z } from 'zod';
import { messages } from '../../messages.js';
import { isValidCompanyName } from '../../rules/settings.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/** Renames the company. JSON for now; the spec's multipart form with the avatar comes later. Admin only. */
export const editTeamProfile = defineEndpoint({
  method: 'PATCH',
  path: '/api/teams/editProfile',
  auth: true,
  body: z.object({
    name: text({ error: messages.settings.companyNameTooShort })
      .trim()
      .max(100)
      .refine(isValidCompanyName, messages.settings.companyNameTooShort),
  }),
  response: z.object({ name: text() }),
});
