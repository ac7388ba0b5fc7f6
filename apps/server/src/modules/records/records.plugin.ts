import type { FastifyInstance } from 'fastify';
import { servicePlugin } from '../../plugins/services.js';
import { createAssigneesService } from './assignees.service.js';
import { createBoardService } from './board.service.js';
import { createBulkEngine, type BulkPorts } from './bulk.engine.js';
import { createBulkService } from './bulk.service.js';
import { createIdentifiersService } from './identifiers.service.js';
import { createInboxService } from './inbox.service.js';
import { createLinksService } from './links.service.js';
import { createRecordsService } from './records.service.js';
import { createStatusesService } from './statuses.service.js';
import { createTasksService } from './tasks.service.js';
import { createTeamRecordsService } from './team-records.service.js';
import { createThreadService } from './thread.service.js';

/**
 * What bulk jobs ask of the calls and lists modules. Those are built after this one (they read
 * records), so their services are looked up when a job runs, not now.
 */
export function bulkPortsOf(app: FastifyInstance): BulkPorts {
  return {
    enqueueCalls: (tx, e) => app.services.calls.enqueueWithin(tx, e),
    queueChanged: (userId) => app.services.calls.queueChanged(userId),
    exportLines: (tx, teamId, ids, viewerId) => app.services.lists.exportLinesOf(tx, teamId, ids, viewerId),
    exportHeader: (type) => app.services.lists.exportHeader(type),
    addToList: (tx, listId, items) => app.services.listRecords.addWithin(tx, listId, items),
  };
}

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
    const ports = () => bulkPortsOf(app);
    const bulkEngine = createBulkEngine({
      db,
      clock,
      realtime: () => app.realtime,
      log: app.log,
      leaseMs: app.config.BULK_LEASE_MS,
      chunkSize: app.config.BULK_CHUNK,
      pollMs: 5000,
      enabled: app.config.BULK_ENGINE,
      ports,
    });
    const tasks = createTasksService({ db, clock, records });
    const board = createBoardService({ db, clock });
    return {
      records,
      assignees: createAssigneesService({ db, notifications, records }),
      identifiers: createIdentifiersService({ db, clock, records }),
      links: createLinksService({ db, clock, records, events: app.events }),
      thread: createThreadService({ db, clock, records, notifications }),
      tasks,
      teamRecords: createTeamRecordsService({ db, clock, records, board, tasks }),
      statuses: createStatusesService({ db }),
      board,
      inbox: createInboxService({ db }),
      bulkEngine,
      bulk: createBulkService({ db, clock, engine: bulkEngine, realtime: () => app.realtime, ports }),
    };
  },
);
