import path from 'node:path';
import pg from 'pg';
import { openPgliteDir, openPostgres } from '../db/client.js';
import { copyPgliteToPostgres, postgresHasRows, type TableCount } from '../db/transfer.js';
import { copyDataFiles, dataDirInUse, tallyDataFiles, type FileTally } from './data-files.js';

export type MoveReport = {
  tables: TableCount[];
  files: { source: FileTally; target: FileTally; copied: boolean };
  ok: boolean;
};

export class MoveRefused extends Error {}

/** Empties a PostgreSQL database of the app's schemas (`--replace`). */
export async function emptyPostgres(client: pg.Client) {
  await client.query('drop schema if exists public cascade');
  await client.query('create schema public');
  await client.query('drop schema if exists drizzle cascade');
}

/**
 * Moves an embedded database's data folder to PostgreSQL: the source is migrated to this version
 * (it takes the folder's lock, so a running server refuses it), the target is migrated to the same
 * version, every row of every table is copied in one transaction and every sequence set, and the
 * app's files are copied to `dataTo` (left where they are when it is the same folder). A target that
 * holds any row, or a `dataTo` folder that holds anything, is refused unless `replace` is set.
 * The report's counts are read back from both sides; `ok` is whether they all match.
 */
export async function moveToPostgres(opts: {
  from: string;
  to: string;
  dataTo?: string;
  replace?: boolean;
}): Promise<MoveReport> {
  const from = path.resolve(opts.from);
  const dataTo = path.resolve(opts.dataTo ?? opts.from);
  const copying = dataTo !== from;
  if (copying && dataDirInUse(dataTo) && !opts.replace)
    throw new MoveRefused(`${dataTo} is not empty. Choose an empty folder, or pass --replace.`);

  const target = new pg.Client({ connectionString: opts.to });
  await target.connect();
  try {
    if (await postgresHasRows(target)) {
      if (!opts.replace)
        throw new MoveRefused('The target database already holds data. Use an empty one, or pass --replace.');
      await emptyPostgres(target);
    }
    const migrated = openPostgres(opts.to, 1, 1);
    try {
      await migrated.migrate();
    } finally {
      await migrated.close();
    }

    const source = await openPgliteDir(from);
    let tables: TableCount[];
    try {
      await source.migrate();
      tables = await copyPgliteToPostgres(source.pglite!, target);
    } finally {
      await source.close();
    }

    const sourceFiles = tallyDataFiles(from);
    const targetFiles = copying ? copyDataFiles(from, dataTo) : sourceFiles;
    const ok =
      tables.every((t) => t.source === t.target) &&
      sourceFiles.files === targetFiles.files &&
      sourceFiles.bytes === targetFiles.bytes;
    return { tables, files: { source: sourceFiles, target: targetFiles, copied: copying }, ok };
  } finally {
    await target.end();
  }
}

/** The report as the command prints it: one line per table, then the totals and the files. */
export function formatCounts(tables: TableCount[], files: { source: FileTally; target: FileTally }) {
  const width = Math.max(...tables.map((t) => t.table.length), 5);
  const line = (a: string, b: string, c: string, mark = '') =>
    `${a.padEnd(width)}  ${b.padStart(12)}  ${c.padStart(12)}${mark}`;
  const rows = tables.map((t) =>
    line(t.table, String(t.source), String(t.target), t.source === t.target ? '' : '  ✗ differs'),
  );
  const sum = (k: 'source' | 'target') => tables.reduce((n, t) => n + t[k], 0);
  return [
    line('table', 'source rows', 'target rows'),
    ...rows,
    line('total', String(sum('source')), String(sum('target'))),
    line('files', String(files.source.files), String(files.target.files)),
    line('file bytes', String(files.source.bytes), String(files.target.bytes)),
  ].join('\n');
}
