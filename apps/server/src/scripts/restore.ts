/**
 * npm run restore -- --from <backup folder> [--replace]: restores a backup of npm run backup into the
 * configured database (DATABASE_URL, else PGlite in DATA_DIR) and DATA_DIR, and prints the counts
 * against the backup's manifest; exits 1 if any differ. Stop the server first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { restoreBackup } from './backups.js';
import { MoveRefused } from './move-to-postgres.js';

const { values } = parseArgs({
  options: { from: { type: 'string' }, replace: { type: 'boolean', default: false } },
});
if (!values.from) {
  console.error('Usage: npm run restore -- --from <backup folder> [--replace]');
  process.exit(2);
}
const config = loadConfig();
try {
  const r = await restoreBackup(
    values.from,
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR },
    { replace: values.replace },
  );
  for (const [table, n] of Object.entries(r.manifest.tables))
    console.log(`${table.padEnd(28)} ${String(n).padStart(10)} ${String(r.tables[table] ?? 0).padStart(10)}`);
  console.log(`files ${r.manifest.files.files} backed up, ${r.files.files} in ${config.DATA_DIR}`);
  console.log(r.ok ? 'Restored: every count matches the backup.' : 'Some counts differ from the backup.');
  process.exit(r.ok ? 0 : 1);
} catch (err) {
  console.error(err instanceof MoveRefused ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
}
