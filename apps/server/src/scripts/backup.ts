/**
 * npm run backup [-- --out <folder>]: a backup of the configured database (DATABASE_URL, else PGlite
 * in DATA_DIR: stop the server first) and of DATA_DIR's files, in <folder>/prospector-<time>/
 * (default ./backups). Restore with npm run restore.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createBackup } from './backups.js';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
const config = loadConfig();
try {
  const { dir, manifest } = await createBackup(
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR },
    values.out,
  );
  const rows = Object.values(manifest.tables).reduce((n, c) => n + c, 0);
  console.log(
    `Backup of ${manifest.driver} written to ${dir}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.files} files.`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
