import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { itemDto, messageDto, sectionDto, taskDto } from './dto.js';

/** The full record: item, its thread (oldest first), open tasks, and the sections of its entity. */
export const getItem = defineEndpoint({
  method: 'GET',
  path: '/api/items/:id',
  auth: true,
  params: z.object({ id: z.uuid() }),
  response: z.object({
    item: itemDto,
    messages: z.array(messageDto),
    tasks: z.array(taskDto),
    sections: z.array(sectionDto),
  }),
});
