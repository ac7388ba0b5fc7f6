import { servicePlugin } from '../../plugins/services.js';
import { createBoardService } from './board.service.js';
import { createBulkEngine } from './bulk.engine.js';
import { createBulkService } from './bulk.service.js';
import { createIdentifiersService } from './identifiers.service.js';
import { createInboxService } from './inbox.service.js';
import { createLinksService } from './links.service.js';
import { createRecordsService } from './records.service.js';
import { createStatusesService } from './statuses.service.js';
import { createTasksService } from './tasks.service.js';
import { createThreadService } from './thread.service.js';

/** Records and what hangs on them: identifiers, links, the thread, tasks; statuses, board and inbox; bulk jobs. */
export const recordsPlugin = servicePlugin(
  'records',
  ['realtime', 'notifications'],
  (app, { notifications }) => {
    const { db } = app.database;
    const { clock } = app;
    const records = createRecordsService({
      db,
      clock,
      notifications,
      realtime: app.realtime,
      events: app.events,
    });
    const bulkEngine = createBulkEngine({
      db,
      clock,
      realtime: () => app.realtime,
      log: app.log,
      leaseMs: app.config.BULK_LEASE_MS,
      chunkSize: app.config.BULK_CHUNK,
      pollMs: 5000,
      enabled: app.config.BULK_ENGINE,
    });
    return {
      records,
      identifiers: createIdentifiersService({ db, clock, records }),
      links: createLinksService({ db, clock, records }),
      thread: createThreadService({ db, clock, records, notifications }),
      tasks: createTasksService({ db, clock, records }),
      statuses: createStatusesService({ db }),
      board: createBoardService({ db, clock }),
      inbox: createInboxService({ db }),
      bulkEngine,
      bulk: createBulkService({ db, clock, engine: bulkEngine, realtime: () => app.realtime }),
    };
  },
);
