import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { itemType, messageDto } from './dto.js';
import { text } from '../text.js';

/** A comment on a record; each mentioned member (by id) gets a notification. */
export const addComment = defineEndpoint({
  method: 'POST',
  path: '/api/messages/add',
  auth: true,
  body: z.object({
    body: text().trim().min(1).max(5000),
    dataId: z.uuid(),
    dataType: itemType,
    mentions: z.array(z.uuid()).max(50).default([]),
    to: text().nullish(),
    from: text().nullish(),
  }),
  response: z.object({ message: messageDto }),
});
