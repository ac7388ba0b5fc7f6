import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { uploadCutoff } from '@prospector/core';
import type { Db } from '../../../db/client.js';
import { deleteExpiredUploads, knownUploadIds } from './import.queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Deletes the uploads nobody imported within the TTL, rows and files, and any file in the uploads
 * folder older than the TTL that no row names (left by a crash between writing a file and recording
 * it). An upload an import has claimed is never swept: its list owns it. Answers what it deleted.
 */
export async function sweepUploads(deps: {
  db: Db;
  dataDir: string;
  now: Date;
  ttlHours: number;
}): Promise<{ uploads: number; orphans: number }> {
  const cutoff = uploadCutoff(deps.now, deps.ttlHours);
  const expired = await deleteExpiredUploads(deps.db, cutoff);
  for (const file of expired) await rm(path.join(deps.dataDir, file), { force: true });

  const dir = path.join(deps.dataDir, 'uploads');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => UUID.test(n));
  if (names.length === 0) return { uploads: expired.length, orphans: 0 };
  const known = await knownUploadIds(deps.db, names);
  let orphans = 0;
  // A file's age is the file system's, so it is measured on the system's clock, not the app's.
  const fileCutoff = uploadCutoff(new Date(), deps.ttlHours);
  for (const name of names) {
    if (known.has(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    // A file still being written is young: only one older than the TTL is an orphan.
    if (!info || info.mtime >= fileCutoff) continue;
    await rm(file, { force: true });
    orphans += 1;
  }
  return { uploads: expired.length, orphans };
}
