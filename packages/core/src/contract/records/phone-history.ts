import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** Who or what changed a phone: written by the path that did it, kept as it was then (names included). */
export const phoneOriginDto = z.object({
  source: z.enum(['import', 'skiptrace', 'text', 'member', 'reply-action', 'dnc-list', 'system']),
  userId: z.string().optional(),
  userName: z.string().optional(),
  listId: z.string().optional(),
  listName: z.string().optional(),
  fileName: z.string().optional(),
  /** The text that did it (an opt-out, a wrong number, a new contact): its id when known, and its words. */
  messageId: z.string().optional(),
  body: z.string().optional(),
  /** A reply action's label. */
  label: z.string().optional(),
});
export type PhoneOrigin = z.infer<typeof phoneOriginDto>;

export const phoneEventDto = z.object({
  event: z.enum(['added', 'status', 'primary', 'moved', 'removed']),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  primary: z.boolean().nullable(),
  origin: phoneOriginDto,
  at: z.string(),
});
export type PhoneEventDto = z.infer<typeof phoneEventDto>;

/** Each phone of a record with its append-only history, oldest event first (issue 32, item 4). */
export const getPhoneHistory = defineEndpoint({
  method: 'GET',
  path: '/api/items/:id/phoneHistory',
  auth: true,
  params: z.object({ id: z.uuid() }),
  response: z.object({ phones: z.array(z.object({ value: z.string(), events: z.array(phoneEventDto) })) }),
});
