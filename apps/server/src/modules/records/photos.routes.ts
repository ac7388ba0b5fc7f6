import { addImage, MAX_PHOTO_BYTES, messages, PROPERTY_PHOTO_PATH } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, unwrap } from '../../lib/errors.js';
import { readImageForm } from '../../lib/image-form.js';
import { bearerToken, route } from '../../lib/route.js';
import { createPhotoStore } from './photo-store.js';
import { createPhotosService } from './photos.service.js';

const UUID = z.uuid();

/**
 * Property photos (registered after @fastify/multipart): POST /api/items/addImage stores one, and
 * GET /api/items/:id/image serves it to the record's team only, with the bearer token like any call.
 */
export async function photosRoutes(app: FastifyInstance) {
  const photos = createPhotosService({
    records: app.services.records,
    store: createPhotoStore(app.config.DATA_DIR),
  });

  route(app, addImage, async ({ auth, req }) => {
    if (!req.isMultipart()) throw new DomainError('PHOTO_INVALID', {}, messages.recordDetail.photoMissing);
    const { image: file, fields } = await readImageForm(req, MAX_PHOTO_BYTES);
    const itemId = UUID.safeParse(fields['fileId']).success ? fields['fileId'] : undefined;
    return { item: unwrap(await photos.add(auth, { itemId, address: fields['address'], file })) };
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: PROPERTY_PHOTO_PATH,
    schema: { params: z.object({ id: z.uuid() }) },
    onRequest: async (req) => {
      const auth = await app.services.auth.authenticate(bearerToken(req));
      if (!auth) throw new DomainError('UNAUTHENTICATED');
      req.auth = auth;
    },
    handler: async (req, reply) => {
      const found = unwrap(await photos.open(req.auth!, req.params.id));
      return (
        reply
          .type(found.contentType)
          .header('content-length', found.size)
          // Private: the browser may keep it, no shared cache may (the URL changes with each photo).
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .send(found.stream)
      );
    },
  });
}
