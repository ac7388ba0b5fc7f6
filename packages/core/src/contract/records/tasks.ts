import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { itemType, taskDto } from './dto.js';
import { text } from '../text.js';

/** Every task of a record, completed ones included (the hide-completed toggle turned off). */
export const getTasks = defineEndpoint({
  method: 'GET',
  path: '/api/tasks/:id',
  auth: true,
  params: z.object({ id: z.uuid() }),
  response: z.object({ tasks: z.array(taskDto) }),
});

export const addTask = defineEndpoint({
  method: 'POST',
  path: '/api/tasks/add',
  auth: true,
  body: z.object({
    task: z.object({
      text: text().max(2000).default(''),
      due: z.iso.datetime({ offset: true }).nullish(),
    }),
    dataId: z.uuid(),
    dataType: itemType,
  }),
  response: z.object({ task: taskDto }),
});

export const setTaskDue = defineEndpoint({
  method: 'PATCH',
  path: '/api/tasks/due',
  auth: true,
  body: z.object({ _id: z.uuid(), dataId: z.uuid(), due: z.iso.datetime({ offset: true }).nullable() }),
  response: z.object({ task: taskDto }),
});

export const setTaskText = defineEndpoint({
  method: 'PATCH',
  path: '/api/tasks/text',
  auth: true,
  body: z.object({ _id: z.uuid(), dataId: z.uuid(), text: text().max(2000) }),
  response: z.object({ task: taskDto }),
});

export const setTaskCompleted = defineEndpoint({
  method: 'PATCH',
  path: '/api/tasks/completed',
  auth: true,
  body: z.object({ _id: z.uuid(), dataId: z.uuid(), completed: z.boolean() }),
  response: z.object({ task: taskDto }),
});
