import { servicePlugin } from '../../plugins/services.js';
import { createBoardService } from './board.service.js';
import { createIdentifiersService } from './identifiers.service.js';
import { createInboxService } from './inbox.service.js';
import { createLinksService } from './links.service.js';
import { createRecordsService } from './records.service.js';
import { createStatusesService } from './statuses.service.js';
import { createTasksService } from './tasks.service.js';
import { createThreadService } from './thread.service.js';

/** Records and what hangs on them: identifiers, links, the thread, tasks; statuses, board and inbox. */
export const recordsPlugin = servicePlugin(
  'records',
  ['realtime', 'notifications'],
  (app, { notifications }) => {
    const { db } = app.database;
    const { clock } = app;
    const records = createRecordsService({ db, clock, notifications, realtime: app.realtime });
    return {
      records,
      identifiers: createIdentifiersService({ db, clock, records }),
      links: createLinksService({ db, clock, records }),
      thread: createThreadService({ db, clock, records, notifications }),
      tasks: createTasksService({ db, clock, records }),
      statuses: createStatusesService({ db }),
      board: createBoardService({ db, clock }),
      inbox: createInboxService({ db }),
    };
  },
);
