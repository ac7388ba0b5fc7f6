import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { fieldValue, itemDto, itemType } from './dto.js';
import { text } from '../text.js';

/**
 * Updates one field: a system field by name (`dataId, key, val, dataType`) or a custom field by id
 * (`fieldId, itemId, data, type`). Websites and Link fields get https://; phones are normalised.
 */
export const updateItem = defineEndpoint({
  method: 'PATCH',
  path: '/api/items/update',
  auth: true,
  body: z.union([
    z.object({ dataId: z.uuid(), key: text().min(1).max(60), val: fieldValue, dataType: itemType }),
    z.object({
      fieldId: text().min(1).max(60),
      itemId: z.uuid(),
      data: z.union([fieldValue, z.array(text().max(200)).max(50)]),
      type: itemType,
    }),
  ]),
  response: z.object({ item: itemDto }),
});

/** The same call by PUT, as the spec allows (part 1 §7: 'PATCH or PUT /items/update'). */
export const updateItemPut = defineEndpoint({ ...updateItem, method: 'PUT' });
