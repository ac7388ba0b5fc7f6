import type { FastifyRequest } from 'fastify';
import { readingForm } from './multipart-form.js';

/** An uploaded image as read: its first `maxBytes`, and whether more came. */
export type UploadedImage = { bytes: Buffer; truncated: boolean };

/**
 * Reads a multipart form with one image file part (`fileField`) and text fields: avatars, property
 * photos, chat images. The size is not a thrown 413 (throwFileSizeLimit is read by parts() though its
 * type leaves it out): the caller answers one byte over with its own 400 and message.
 */
export function readImageForm(req: FastifyRequest, maxBytes: number, fileField = 'img') {
  return readingForm(() => readParts(req, maxBytes, fileField));
}

async function readParts(req: FastifyRequest, maxBytes: number, fileField: string) {
  let image: UploadedImage | null = null;
  const fields: Record<string, string> = {};
  const options = { limits: { fileSize: maxBytes }, throwFileSizeLimit: false };
  for await (const part of req.parts(options as Parameters<FastifyRequest['parts']>[0])) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.fieldname === fileField)
      image = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
  }
  return { image, fields };
}
