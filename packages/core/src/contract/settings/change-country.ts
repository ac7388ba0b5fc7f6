import { z } from 'zod';
import { messages } from '../../messages.js';
import { isPhoneCountry } from '../../rules/settings.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/**
 * Sets the team's home country (ISO 3166 alpha-2): its numbers are shown in national format and may be
 * typed without a country code. Admin only.
 */
export const changeCountry = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/changeCountry',
  auth: true,
  body: z.object({ country: text().refine(isPhoneCountry, messages.settings.invalidCountry) }),
  response: z.object({ country: text() }),
});
