import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDir } from '../db/client.js';
import { buildTestApp } from '../test/app.js';
import { startFakeGoogleMaps } from '../test/fake-google-maps.js';
import { seedTeam } from '../test/seed-team.js';
import { createEmptyPostgres, runNpmScript, startServerProcess } from '../test/server-process.js';
import { createBackup, restoreBackup } from './backups.js';
import { listDataFiles } from './data-files.js';
import { MoveRefused, moveToPostgres } from './move-to-postgres.js';

/**
 * A PGlite data folder seeded through the app (records, texts, a photo, a voicemail, an avatar),
 * moved to a fresh PostgreSQL database with the command, then served from there; and backups of
 * both engines restored into empty places.
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospector-move-'));
const embedded = path.join(tmp, 'embedded');
let counts: Record<string, number>;
let token: string;
let photoPath: string;
let photoBytes: Buffer;
const drops: (() => Promise<void>)[] = [];

async function countsOf(query: (q: string) => Promise<{ rows: unknown[] }>) {
  const { rows } = (await query(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  )) as { rows: { name: string }[] };
  const out: Record<string, number> = {};
  for (const { name } of rows)
    out[name] = (
      (await query(`select count(*)::int as n from "${name}"`)) as { rows: { n: number }[] }
    ).rows[0]!.n;
  return out;
}
const pgliteCounts = async (dir: string) => {
  const d = await openPgliteDir(dir);
  try {
    return await countsOf((q) => d.pglite!.query(q));
  } finally {
    await d.close();
  }
};
const postgresCounts = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countsOf((q) => client.query(q));
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  const maps = await startFakeGoogleMaps();
  const database = await openPgliteDir(embedded);
  await database.migrate();
  const t = await buildTestApp(
    { DATA_DIR: embedded, GOOGLE_MAPS_KEY: maps.key, GOOGLE_MAPS_URL: maps.url },
    // Real time: the sessions must still be alive when the moved app reads them.
    { database, realClock: true },
  );
  const seeded = await seedTeam(t);
  token = seeded.admin.token;
  photoPath = `/api/items/${seeded.ids['photoProperty']}/image`;
  const photo = await t.app.inject({ method: 'GET', url: photoPath, headers: seeded.admin.headers });
  expect(photo.statusCode).toBe(200);
  photoBytes = photo.rawPayload;
  await t.close();
  await database.close();
  await maps.close();
  counts = await pgliteCounts(embedded);
}, 120_000);

afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(tmp, { recursive: true, force: true });
});

async function freshPostgres() {
  const db = await createEmptyPostgres('move');
  drops.push(db.drop);
  return db;
}

describe('moving a PGlite data folder to PostgreSQL', () => {
  it('copies every row and file, prints the counts of both sides, and the app serves them', async () => {
    expect(counts['items']).toBeGreaterThan(0);
    expect(counts['messages']).toBeGreaterThan(0);
    expect(counts['voicemails']).toBe(1);
    const files = listDataFiles(embedded);
    expect(files.some((f) => f.startsWith('photos/'))).toBe(true);
    expect(files.some((f) => f.startsWith('voicemails/'))).toBe(true);

    const target = await freshPostgres();
    const dataTo = path.join(tmp, 'moved');
    const run = await runNpmScript([
      'db:migrate-to-postgres',
      '--',
      '--from',
      embedded,
      '--to',
      target.url,
      '--data-to',
      dataTo,
    ]);
    expect(run.out).toContain('Every row and file arrived.');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`messages\\s+${counts['messages']}\\s+${counts['messages']}`));
    expect(run.out).toMatch(new RegExp(`files\\s+${files.length}\\s+${files.length}`));
    expect(await postgresCounts(target.url)).toEqual(counts);
    expect(listDataFiles(dataTo)).toEqual(files);

    const server = await startServerProcess({ DATABASE_URL: target.url, DATA_DIR: dataTo });
    try {
      const auth = { authorization: `Bearer ${token}` };
      expect((await fetch(`${server.url}/api/users/me`, { headers: auth })).status).toBe(200);
      const photo = await fetch(`${server.url}${photoPath}`, { headers: auth });
      expect(photo.status).toBe(200);
      expect(Buffer.from(await photo.arrayBuffer()).equals(photoBytes)).toBe(true);
    } finally {
      await server.stop();
    }

    // The database now holds data, and the folder files: both are refused without --replace.
    await expect(moveToPostgres({ from: embedded, to: target.url })).rejects.toThrow(MoveRefused);
    const other = await freshPostgres();
    await expect(moveToPostgres({ from: embedded, to: other.url, dataTo })).rejects.toThrow(MoveRefused);
    const replaced = await moveToPostgres({ from: embedded, to: target.url, replace: true });
    expect(replaced.ok).toBe(true);
    expect(await postgresCounts(target.url)).toEqual(counts);
  }, 180_000);
});

describe('backups', () => {
  it('of PGlite restore into an empty data folder with every row and file', async () => {
    const { dir, manifest } = await createBackup({ dataDir: embedded }, path.join(tmp, 'backups'));
    expect(manifest.tables).toEqual(counts);
    const restoredDir = path.join(tmp, 'restored-pglite');
    const restored = await restoreBackup(dir, { dataDir: restoredDir });
    expect(restored.ok).toBe(true);
    expect(await pgliteCounts(restoredDir)).toEqual(counts);
    expect(listDataFiles(restoredDir)).toEqual(listDataFiles(embedded));
    await expect(restoreBackup(dir, { dataDir: restoredDir })).rejects.toThrow(MoveRefused);
  }, 120_000);

  it('of PostgreSQL restore into an empty database with every row and file', async () => {
    const source = await freshPostgres();
    const filesDir = path.join(tmp, 'pg-files');
    expect((await moveToPostgres({ from: embedded, to: source.url, dataTo: filesDir })).ok).toBe(true);
    const { dir, manifest } = await createBackup(
      { databaseUrl: source.url, dataDir: filesDir },
      path.join(tmp, 'backups'),
    );
    expect(manifest.driver).toBe('postgres');
    expect(manifest.tables).toEqual(counts);
    expect(existsSync(path.join(dir, 'database.pgdump'))).toBe(true);
    const target = await freshPostgres();
    const restoredDir = path.join(tmp, 'restored-pg');
    const restored = await restoreBackup(dir, { databaseUrl: target.url, dataDir: restoredDir });
    expect(restored.ok).toBe(true);
    expect(await postgresCounts(target.url)).toEqual(counts);
    const photo = listDataFiles(restoredDir).find((f) => f.startsWith('photos/'))!;
    expect(readFileSync(path.join(restoredDir, photo)).equals(readFileSync(path.join(filesDir, photo)))).toBe(
      true,
    );
    await expect(restoreBackup(dir, { databaseUrl: target.url, dataDir: restoredDir })).rejects.toThrow(
      MoveRefused,
    );
  }, 120_000);
});
