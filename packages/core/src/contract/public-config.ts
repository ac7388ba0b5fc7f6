import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { text } from './text.js';

/** What the logged-out pages need from the server's configuration. */
export const getPublicConfig = defineEndpoint({
  method: 'GET',
  path: '/api/config',
  auth: false,
  response: z.object({
    /** Contact address of the Terms, the Privacy Policy and 'Book a demo'. */
    contactEmail: text(),
    /** Where 'Book a demo' leads; null means a mail to contactEmail. */
    bookDemoUrl: text().nullable(),
    /** The embedded default prints login codes to the server log instead of mailing them. */
    codesInServerLog: z.boolean(),
    /** A maps service is configured: properties show street-view photos and maps. */
    mapsConfigured: z.boolean(),
    /** Stripe's publishable key, for card entry in the browser (Stripe Elements); null: payments are not configured. */
    stripePublishableKey: text().nullable(),
  }),
});
