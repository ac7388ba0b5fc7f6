import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/** Who or what changed a phone: written by the path that did it, kept as it was then (names included). */
export const phoneOriginDto = z.object({
  source: z.enum(['import', 'skiptrace', 'text', 'member', 'reply-action', 'dnc-list', 'system']),
  userId: text().optional(),
  userName: text().optional(),
  listId: text().optional(),
  listName: text().optional(),
  fileName: text().optional(),
  /** The text that did it (an opt-out, a wrong number, a new contact): its id when known, and its words. */
  messageId: text().optional(),
  body: text().optional(),
  /** A reply action's label. */
  label: text().optional(),
});
export type PhoneOrigin = z.infer<typeof phoneOriginDto>;

export const phoneEventDto = z.object({
  event: z.enum(['added', 'status', 'primary', 'moved', 'removed']),
  fromStatus: text().nullable(),
  toStatus: text().nullable(),
  primary: z.boolean().nullable(),
  origin: phoneOriginDto,
  at: text(),
});
export type PhoneEventDto = z.infer<typeof phoneEventDto>;

/** Each phone of a record with its append-only history, oldest event first (issue 32, item 4). */
export const getPhoneHistory = defineEndpoint({
  method: 'GET',
  path: '/api/items/:id/phoneHistory',
  auth: true,
  params: z.object({ id: z.uuid() }),
  response: z.object({ phones: z.array(z.object({ value: text(), events: z.array(phoneEventDto) })) }),
});
