import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

export const integrations = z.object({
  pushHook: text(),
  inboundHook: text(),
  outboundHook: text(),
  podioHook: text(),
  /** The public API's key. */
  apiKey: text(),
});
export type Integrations = z.infer<typeof integrations>;

export const getIntegrations = defineEndpoint({
  method: 'GET',
  path: '/api/users/integrations',
  auth: true,
  response: integrations,
});

/** Saves the hook URLs ('' clears one). Push, inbound and outbound must be valid URLs: '*Not a valid URL.' */
export const updateHooks = defineEndpoint({
  method: 'POST',
  path: '/api/users/updateHooks',
  auth: true,
  body: z.object({
    pushHook: text().trim().max(2000).default(''),
    inboundHook: text().trim().max(2000).default(''),
    outboundHook: text().trim().max(2000).default(''),
    podioHook: text().trim().max(2000).default(''),
  }),
  response: integrations,
});

/** Sends the record to the team's push hook and marks it pushed. */
export const pushToCrm = defineEndpoint({
  method: 'PATCH',
  path: '/api/services/pushToCrm',
  auth: true,
  body: z.object({ itemId: z.uuid() }),
  response: z.object({ _id: text(), pushedToCrm: z.literal(true) }),
});

/** The public API: texts an existing prospect number from the team's devices. Rate-limited per key. */
export const publicSendSms = defineEndpoint({
  method: 'POST',
  path: '/api/public/sendSMS',
  auth: false,
  body: z.object({
    apiKey: text().min(10).max(200),
    to: text().min(3).max(254),
    body: text().trim().min(1).max(1600),
  }),
  response: z.object({ ok: z.literal(true), messageId: text() }),
});
