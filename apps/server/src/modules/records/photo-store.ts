import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_CONTENT_TYPES, PROPERTY_PHOTO_PATH, type AvatarType } from '@prospector/core';

/** A photo file's name: a random UUID and the image type found in its bytes. */
const PHOTO_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpeg|webp|gif)$/;

/** Where a record's photo is fetched; the file's name changes with each photo, so a new one is never cached stale. */
export const photoUrl = (itemId: string, file: string) =>
  `${PROPERTY_PHOTO_PATH.replace(':id', itemId)}?v=${file.slice(0, 8)}`;

export type PhotoStore = ReturnType<typeof createPhotoStore>;

/**
 * Record photos on disk, DATA_DIR/photos/<random uuid>.<type>. Unlike avatars they are not public:
 * the route serves one only to a member who may open its record. Only names matching
 * PHOTO_FILE_NAME are ever opened or removed, so no path leaves the folder.
 */
export function createPhotoStore(dataDir: string) {
  const dir = path.join(dataDir, 'photos');
  const fileOf = (name: string) => (PHOTO_FILE_NAME.test(name) ? path.join(dir, name) : null);
  return {
    /** Writes the image under a new random name; answers the name. */
    async save(bytes: Uint8Array, type: AvatarType): Promise<string> {
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${type}`;
      await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
      return name;
    },
    async remove(name: string | null | undefined): Promise<void> {
      const file = name ? fileOf(name) : null;
      if (file) await rm(file, { force: true });
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
