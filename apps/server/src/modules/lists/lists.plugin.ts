import { withAllTeams } from '../../lib/team-scope.js';
import { createImportWorker } from './engine/import-worker.js';
import { createXlsxReader } from './engine/xlsx-reader.js';
import { servicePlugin } from '../../plugins/services.js';
import { createListImportsService } from './list-imports.service.js';
import { createListRecordsService } from './list-records.service.js';
import { toListDto } from './lists.mappers.js';
import { createListsService } from './lists.service.js';

/** Lists, their uploads and imports (with the import worker), exports and the DNC list. */
export const listsPlugin = servicePlugin('lists', ['realtime', 'records', 'billing'], (app, services) => {
  const { records, plans } = services;
  const { config, clock } = app;
  const { db } = app.database;
  const xlsx = createXlsxReader({ workers: config.IMPORT_XLSX_WORKERS });
  const imports = createImportWorker({
    db,
    clock,
    events: app.events,
    realtime: () => app.realtime,
    log: app.log,
    dataDir: config.DATA_DIR,
    leaseMs: config.IMPORT_LEASE_MS,
    pollMs: 2000,
    xlsx,
    uploadTtlHours: config.UPLOAD_TTL_HOURS,
    notContactedId: (teamId) => records.notContactedStatusId(db, teamId),
    exclusive: app.database.driver === 'pglite',
    listDto: toListDto,
  });
  return {
    imports,
    listRecords: createListRecordsService({ db, clock, records, events: app.events }),
    lists: createListsService({
      db,
      dataDir: config.DATA_DIR,
      records,
      plans,
      phoneHistories: (teamId, values) => services.identifiers.historyByValues(teamId, values),
    }),
    listImports: createListImportsService({
      db,
      clock,
      dataDir: config.DATA_DIR,
      maxRows: config.IMPORT_MAX_ROWS,
      uploads: { ttlHours: config.UPLOAD_TTL_HOURS, quotaBytes: config.UPLOAD_QUOTA_MB * 1024 * 1024 },
      xlsx,
      records,
      // The worker serves every team: its loop must not start inside the caller's team scope (ADR 028).
      onQueued: () => withAllTeams(() => imports.kick()),
      plans,
    }),
  };
});
