import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** Cancels a scheduled system message while its due time is in the future. */
export const deschedule = defineEndpoint({
  method: 'POST',
  path: '/api/services/deschedule',
  auth: true,
  body: z.object({ dataId: z.uuid(), msgId: z.uuid() }),
  response: z.object({ ok: z.literal(true) }),
});
