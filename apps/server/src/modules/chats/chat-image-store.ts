import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_CONTENT_TYPES, CHAT_THUMB_SIZE, type AvatarType } from '@prospector/core';
import sharp, { type OutputInfo } from 'sharp';
import type { ChatImage } from './chats.queries.js';

/** A stored file's name: a random UUID, '-thumb' for a thumbnail, and its image type. */
const FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.(png|jpeg|webp|gif)$/;

export type ChatImageStore = ReturnType<typeof createChatImageStore>;

/**
 * Chat images on disk, DATA_DIR/chat-images: the original as sent (its type by its bytes) and a
 * WebP thumbnail at most 320 px on its longest side, turned upright by its EXIF orientation. Never
 * public: the route serves them to the chat's readers only. Only names matching FILE_NAME are opened.
 */
export function createChatImageStore(dataDir: string) {
  const dir = path.join(dataDir, 'chat-images');
  const fileOf = (name: string) => (FILE_NAME.test(name) ? path.join(dir, name) : null);
  return {
    /** Writes the image and its thumbnail; null when the bytes do not decode as an image. */
    async save(bytes: Uint8Array, type: AvatarType): Promise<ChatImage | null> {
      await mkdir(dir, { recursive: true });
      const id = randomUUID();
      let thumb: { data: Buffer; info: OutputInfo };
      try {
        thumb = await sharp(bytes, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize(CHAT_THUMB_SIZE, CHAT_THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        return null;
      }
      const file = `${id}.${type}`;
      const thumbName = `${id}-thumb.webp`;
      await writeFile(path.join(dir, file), bytes, { flag: 'wx' });
      await writeFile(path.join(dir, thumbName), thumb.data, { flag: 'wx' });
      return {
        file,
        thumb: thumbName,
        type,
        width: thumb.info.width,
        height: thumb.info.height,
        bytes: bytes.length,
      };
    },
    async remove(image: ChatImage) {
      for (const name of [image.file, image.thumb]) {
        const file = fileOf(name);
        if (file) await rm(file, { force: true });
      }
    },
    async open(name: string): Promise<{ stream: ReadStream; contentType: string; size: number } | null> {
      const file = fileOf(name);
      if (!file) return null;
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const type = path.extname(name).slice(1) as AvatarType;
      return { stream: createReadStream(file), contentType: AVATAR_CONTENT_TYPES[type], size: info.size };
    },
  };
}
