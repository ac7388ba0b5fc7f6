/**
 * npm run db:migrate-to-postgres -- --from <DATA_DIR> --to <postgres url> [--data-to <folder>] [--replace]
 * Moves an embedded (PGlite) data folder to PostgreSQL with every row and file, and prints the
 * counts of both sides; exits 1 if any differ. Stop the server first (the folder's lock refuses).
 */
import { parseArgs } from 'node:util';
import { formatCounts, MoveRefused, moveToPostgres } from './move-to-postgres.js';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    'data-to': { type: 'string' },
    replace: { type: 'boolean', default: false },
  },
});

if (!values.from || !values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
  console.error(
    'Usage: npm run db:migrate-to-postgres -- --from <DATA_DIR> --to postgres://… [--data-to <folder>] [--replace]',
  );
  process.exit(2);
}

try {
  const report = await moveToPostgres({
    from: values.from,
    to: values.to,
    ...(values['data-to'] ? { dataTo: values['data-to'] } : {}),
    replace: values.replace,
  });
  console.log(formatCounts(report.tables, report.files));
  if (!report.files.copied) console.log(`Files stay in ${values.from}: set DATA_DIR to it.`);
  console.log(report.ok ? 'Every row and file arrived.' : 'Some counts differ: see ✗ above.');
  process.exit(report.ok ? 0 : 1);
} catch (err) {
  console.error(err instanceof MoveRefused ? err.message : err);
  process.exit(1);
}
