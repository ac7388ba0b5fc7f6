import { z } from 'zod';
import { messages } from '../../messages.js';
import { isValidTimeZone } from '../../rules/settings.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/** Sets the team's time zone (campaign send windows, the builder's dates). Admin only. */
export const updateTimezone = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/updateTimezone',
  auth: true,
  body: z.object({
    timezone: z.object({
      /** An IANA zone name, e.g. 'America/Los_Angeles'. */
      value: text().max(100).refine(isValidTimeZone, messages.settings.invalidTimezone),
      /** The label the user picked it by, e.g. '(UTC−08:00) America/Los_Angeles'. */
      text: text().max(200),
    }),
  }),
  response: z.object({ timezone: text() }),
});
