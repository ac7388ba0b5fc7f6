import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_CONTENT_TYPES, AVATAR_FILE_NAME, AVATAR_FILES_PATH, type AvatarType } from '@prospector/core';

export type AvatarStore = ReturnType<typeof createAvatarStore>;

/**
 * Avatar images on disk, DATA_DIR/avatars/<random uuid>.<type>, and the URL path each is served at.
 * Only names matching AVATAR_FILE_NAME are ever opened or removed, so no path leaves the folder.
 */
export function createAvatarStore(dataDir: string) {
  const dir = path.join(dataDir, 'avatars');
  const fileOf = (name: string) => (AVATAR_FILE_NAME.test(name) ? path.join(dir, name) : null);
  const nameOf = (url: string) =>
    url.startsWith(`${AVATAR_FILES_PATH}/`) ? url.slice(AVATAR_FILES_PATH.length + 1) : '';

  return {
    /** Writes the image under a new random name; answers its URL path. */
    async save(bytes: Uint8Array, type: AvatarType): Promise<string> {
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${type}`;
      await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
      return `${AVATAR_FILES_PATH}/${name}`;
    },

    /** Deletes the file behind a URL this store made; anything else (null, a foreign URL) is left alone. */
    async remove(url: string | null): Promise<void> {
      const file = url ? fileOf(nameOf(url)) : null;
      if (file) await rm(file, { force: true });
    },

    /** The file to serve for a name, with its content type; null when there is none. */
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
