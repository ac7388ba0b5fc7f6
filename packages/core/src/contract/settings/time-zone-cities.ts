import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/**
 * The time-zone pickers' city search (issue 30 item 14): the places whose name starts with what was
 * typed, each with its zone, largest first. The city list stays on the server, out of the web bundle.
 */
export const searchTimeZoneCities = defineEndpoint({
  method: 'GET',
  path: '/api/timezones/cities',
  auth: true,
  query: z.object({ q: text().max(100) }),
  response: z.object({
    cities: z.array(z.object({ city: text(), region: text(), country: text(), zone: text() })),
  }),
});
