import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createPglite, openPgliteDir } from '../db/client.js';
import { countRows, postgresHasRows } from '../db/transfer.js';
import { copyDataFiles, dataDirInUse, tallyDataFiles, type FileTally } from './data-files.js';
import { emptyPostgres, MoveRefused } from './move-to-postgres.js';

/** Where the app's data is: PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir/pg`. */
export type DataPlace = { databaseUrl?: string | undefined; dataDir: string };

export type Manifest = {
  driver: 'pglite' | 'postgres';
  createdAt: string;
  tables: Record<string, number>;
  files: FileTally;
};

const PGLITE_DUMP = 'database.tar.gz';
const POSTGRES_DUMP = 'database.pgdump';

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}: ${err.trim()}`)),
    );
  });
}

type Query = (text: string) => Promise<{ rows: { n: number }[] }>;
async function tableCounts(query: (text: string) => Promise<{ rows: unknown[] }>) {
  const { rows } = (await query(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  )) as { rows: { name: string }[] };
  const out: Record<string, number> = {};
  for (const { name } of rows) out[name] = await countRows(query as Query, name);
  return out;
}

/**
 * Writes a backup folder `<out>/prospector-<time>/`: the database (PGlite: its data folder dumped
 * as a gzipped tarball, which needs the server stopped; PostgreSQL: `pg_dump` in custom format,
 * taken while it runs), a copy of the app's files, and a manifest of row and file counts. On
 * PostgreSQL the counts are read in the very snapshot pg_dump dumps.
 */
export async function createBackup(place: DataPlace, outDir: string, now = new Date()) {
  const dir = path.resolve(outDir, `prospector-${now.toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(dir, { recursive: true });
  let manifest: Manifest;
  if (place.databaseUrl) {
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const tables = await tableCounts((q) => client.query(q));
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--snapshot=${rows[0]!.id}`,
        `--file=${path.join(dir, POSTGRES_DUMP)}`,
        `--dbname=${place.databaseUrl}`,
      ]);
      await client.query('commit');
      manifest = { driver: 'postgres', createdAt: now.toISOString(), tables, files: { files: 0, bytes: 0 } };
    } finally {
      await client.end();
    }
  } else {
    const database = await openPgliteDir(place.dataDir);
    try {
      const client = database.pglite!;
      const tables = await tableCounts((q) => client.query(q));
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(path.join(dir, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      manifest = { driver: 'pglite', createdAt: now.toISOString(), tables, files: { files: 0, bytes: 0 } };
    } finally {
      await database.close();
    }
  }
  manifest.files = copyDataFiles(place.dataDir, path.join(dir, 'files'));
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return { dir, manifest };
}

/**
 * Restores a backup folder into an empty place of the same engine: PGlite into `dataDir/pg`,
 * PostgreSQL with `pg_restore` into the database; then the files into `dataDir`. A place that holds
 * data is refused unless `replace` is set (then its database is emptied first; files are overwritten).
 * Answers the manifest and the counts read back, table by table.
 */
export async function restoreBackup(backupDir: string, place: DataPlace, opts: { replace?: boolean } = {}) {
  const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
  const engine = place.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.driver !== engine)
    throw new MoveRefused(
      `This backup is of ${manifest.driver}; the configured database is ${engine}. ` +
        (manifest.driver === 'pglite'
          ? 'Restore it to a data folder, then move it with npm run db:migrate-to-postgres.'
          : 'Set DATABASE_URL to restore it.'),
    );
  let tables: Record<string, number>;
  if (place.databaseUrl) {
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
      if (await postgresHasRows(client)) {
        if (!opts.replace)
          throw new MoveRefused('The database already holds data. Use an empty one, or pass --replace.');
        await emptyPostgres(client);
      }
      await run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        `--dbname=${place.databaseUrl}`,
        path.join(backupDir, POSTGRES_DUMP),
      ]);
      tables = await tableCounts((q) => client.query(q));
    } finally {
      await client.end();
    }
  } else {
    const pgDir = path.join(place.dataDir, 'pg');
    if (dataDirInUse(pgDir)) {
      if (!opts.replace)
        throw new MoveRefused(`${pgDir} already holds a database. Move it away, or pass --replace.`);
      rmSync(pgDir, { recursive: true, force: true });
    }
    mkdirSync(place.dataDir, { recursive: true });
    const dump = new Blob([readFileSync(path.join(backupDir, PGLITE_DUMP))]);
    const loaded = await createPglite(pgDir, { loadDataDir: dump });
    await loaded.close();
    const database = await openPgliteDir(place.dataDir);
    try {
      const client = database.pglite!;
      tables = await tableCounts((q) => client.query(q));
    } finally {
      await database.close();
    }
  }
  const files = copyDataFiles(path.join(backupDir, 'files'), place.dataDir);
  const backedUp = tallyDataFiles(path.join(backupDir, 'files'));
  const ok =
    Object.keys(manifest.tables).every((t) => tables[t] === manifest.tables[t]) &&
    backedUp.files === manifest.files.files &&
    files.files >= backedUp.files;
  return { manifest, tables, files, ok };
}
