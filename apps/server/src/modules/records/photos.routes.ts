import { addImage, MAX_PHOTO_BYTES, messages, PROPERTY_PHOTO_PATH } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, unwrap } from '../../lib/errors.js';
import { bearerToken, route } from '../../lib/route.js';
import { createPhotoStore } from './photo-store.js';
import { createPhotosService, type UploadedPhoto } from './photos.service.js';

/** The form as sent: the `img` part (its first 10 MB) and the text fields. */
async function readPhotoForm(req: FastifyRequest) {
  let file: UploadedPhoto | null = null;
  const fields: Record<string, string> = {};
  // Size is checked here, not by a thrown 413: one byte over is a 400 with the message.
  const options = { limits: { fileSize: MAX_PHOTO_BYTES }, throwFileSizeLimit: false };
  for await (const part of req.parts(options as Parameters<FastifyRequest['parts']>[0])) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.fieldname === 'img') file = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
  }
  return { file, fields };
}

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
    const { file, fields } = await readPhotoForm(req);
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
