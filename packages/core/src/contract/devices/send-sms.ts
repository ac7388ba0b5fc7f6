import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { messageDto } from '../records/dto.js';
import { text } from '../text.js';

/**
 * Texts a record's phone from one of the team's devices: `from` names the device's number or Apple ID;
 * without it, the device this number last talked to, else the least busy connected one.
 */
export const sendSms = defineEndpoint({
  method: 'POST',
  path: '/api/messages/sendSms',
  auth: true,
  body: z.object({
    body: text().trim().min(1).max(1600),
    dataId: z.uuid(),
    dataType: z.enum(['contact', 'property', 'company']).optional(),
    to: text().min(3).max(254),
    from: text().max(254).nullish(),
  }),
  response: z.object({ message: messageDto }),
});
