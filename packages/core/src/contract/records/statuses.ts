import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { statusDto } from './dto.js';
import { messages } from '../../messages.js';
import { isForbiddenStatusText } from '../../rules/records.js';

export const addStatus = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/addStatus',
  auth: true,
  body: z.object({
    text: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .refine((t) => !isForbiddenStatusText(t), { message: messages.records.forbiddenStatus }),
  }),
  response: statusDto,
});
