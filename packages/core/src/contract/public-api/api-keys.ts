import { z } from 'zod';
import { API_SCOPES } from '../../rules/public-api.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

export const apiScope = z.enum(API_SCOPES);

/** A key as Settings lists it: never the key itself, which is shown once when it is made. */
export const apiKeyDto = z.object({
  _id: z.uuid(),
  name: text(),
  /** `pk_` and the key's first characters, so a member can tell keys apart. */
  hint: text(),
  scopes: z.array(apiScope),
  createdAt: text(),
  createdBy: text().nullable(),
  lastUsedAt: text().nullable(),
  revokedAt: text().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;

/** The team's API keys, newest first (admins only). */
export const listApiKeys = defineEndpoint({
  method: 'GET',
  path: '/api/settings/apiKeys',
  auth: true,
  response: z.object({ keys: z.array(apiKeyDto) }),
});

/** Makes a key; the answer is the only time the key itself is shown. */
export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/api/settings/apiKeys',
  auth: true,
  body: z.object({
    name: text().trim().min(1, 'Give the key a name.').max(80),
    scopes: z.array(apiScope).min(1, 'Choose at least one scope.').max(API_SCOPES.length),
  }),
  response: z.object({ key: text(), apiKey: apiKeyDto }),
});

/** Revokes a key at once: every later call with it answers 401. */
export const revokeApiKey = defineEndpoint({
  method: 'POST',
  path: '/api/settings/apiKeys/revoke',
  auth: true,
  body: z.object({ _id: z.uuid() }),
  response: apiKeyDto,
});
