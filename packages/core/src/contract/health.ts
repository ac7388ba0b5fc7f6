import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { text } from './text.js';

/** Public; when a bearer token is sent it is verified too (a bad one is 401). */
export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  auth: false,
  response: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
    /** Events between processes: 'local' (one process) is always ok; 'redis' is not while Redis is down. */
    realtime: z.object({ ok: z.boolean(), mode: z.enum(['local', 'redis']) }),
    userId: text().nullable(),
  }),
});
