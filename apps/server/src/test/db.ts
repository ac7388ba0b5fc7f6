import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, openPostgres, PgliteThread, wrapPglite, type Database } from '../db/client.js';
import { withDatabase } from './global-setup.js';
import './db-template.js';

/** A fresh migrated database, cloned from the run's template: PGlite locally, PostgreSQL in CI. */
export async function createTestDatabase(): Promise<Database> {
  const tmpl = inject('dbTemplate');
  if (tmpl.driver === 'pglite') {
    // TEST_PGLITE_THREAD=1 runs each test file's database in a worker thread, as the server does.
    if (process.env.TEST_PGLITE_THREAD === '1')
      return wrapPglite(await PgliteThread.open({ dumpFile: tmpl.dumpFile }));
    const blob = new Blob([readFileSync(tmpl.dumpFile)]);
    return wrapPglite(await createPglite(undefined, { loadDataDir: blob }));
  }
  const name = `${tmpl.prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: tmpl.adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${tmpl.template}"`);
        break;
      } catch (err) {
        // Two files cloning the template at the same instant can collide; wait and retry.
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return openPostgres(withDatabase(tmpl.adminUrl, name), 10);
}
