import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { itemDto } from './dto.js';

/** Where a record's photo is served: `GET /api/items/:id/image`, to the record's team only (bearer token). */
export const PROPERTY_PHOTO_PATH = '/api/items/:id/image';

/**
 * A property's photo (spec part 1 §7 'POST /items/addImage', form: img, fileId, address), sent as
 * multipart/form-data: `img` the image (PNG, JPEG, WebP or GIF by its bytes, at most 10 MB), `fileId`
 * the property's id, `address` the address the screen showed (kept as the photo's description).
 * Replaces an earlier photo; answers the property.
 */
export const addImage = defineEndpoint({
  method: 'POST',
  path: '/api/items/addImage',
  auth: true,
  response: z.object({ item: itemDto }),
});
