import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What DATA_DIR holds that is the embedded database itself, not the app's files. */
const DATABASE_ENTRIES = new Set(['pg', 'pglite.lock']);

export type FileTally = { files: number; bytes: number };

/**
 * Every file the app keeps in a data folder, relative to it: photos, avatars, voicemails, uploads
 * waiting for import, the auth secret, and anything a later version adds. The PGlite database
 * (`pg/`) and its lock are left out: they move as rows.
 */
export function listDataFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? path.join(rel, entry.name) : entry.name;
      if (!rel && DATABASE_ENTRIES.has(entry.name)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

export function tallyDataFiles(dir: string): FileTally {
  const files = listDataFiles(dir);
  return { files: files.length, bytes: files.reduce((n, f) => n + statSync(path.join(dir, f)).size, 0) };
}

/** Copies the app's files of one data folder into another (modes kept), and tallies what landed. */
export function copyDataFiles(from: string, to: string): FileTally {
  for (const rel of listDataFiles(from)) {
    mkdirSync(path.dirname(path.join(to, rel)), { recursive: true });
    copyFileSync(path.join(from, rel), path.join(to, rel));
  }
  return tallyDataFiles(to);
}

/** Whether a folder holds anything of the app's (its files, or a PGlite database). */
export function dataDirInUse(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}
