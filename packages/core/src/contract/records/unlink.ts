import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { itemType } from './dto.js';

export const unlinkItems = defineEndpoint({
  method: 'PATCH',
  path: '/api/items/unlink',
  auth: true,
  body: z.object({ parentId: z.uuid(), parentType: itemType, dataId: z.uuid(), dataType: itemType }),
  response: z.object({ ok: z.literal(true) }),
});
