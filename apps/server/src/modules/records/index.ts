import { defineModule } from '../../plugins/app-module.js';
import { recordsPlugin } from './records.plugin.js';
import { recordsRoutes } from './records.routes.js';
import { bulkRoutes } from './bulk.routes.js';
import { photosRoutes } from './photos.routes.js';
import { recordsErrors } from './records.errors.js';
import type { RecordsService } from './records.service.js';
import type { AssigneesService } from './assignees.service.js';
import type { IdentifiersService } from './identifiers.service.js';
import type { LinksService } from './links.service.js';
import type { ThreadService } from './thread.service.js';
import type { TasksService } from './tasks.service.js';
import type { TeamRecordsService } from './team-records.service.js';
import type { StatusesService } from './statuses.service.js';
import type { BoardService } from './board.service.js';
import type { InboxService } from './inbox.service.js';
import type { BulkService } from './bulk.service.js';
import type { BulkEngine } from './bulk.engine.js';
export { createRecordsService, type RecordsService } from './records.service.js';
export { recordReaders } from './records.service.js';
export { createAssigneesService, type AssigneesService } from './assignees.service.js';
export { createIdentifiersService, type IdentifiersService } from './identifiers.service.js';
export { createLinksService, type LinksService } from './links.service.js';
export { createThreadService, type ThreadService, type OutgoingText } from './thread.service.js';
export { createTasksService, type TasksService } from './tasks.service.js';
export {
  createTeamRecordsService,
  type TeamRecordsService,
  type TeamRecordRow,
  type TeamTaskRow,
} from './team-records.service.js';
export { createStatusesService, listTeamStatuses, type StatusesService } from './statuses.service.js';
export { createBoardService, type BoardService } from './board.service.js';
export { recordsRoutes } from './records.routes.js';
export { seesAllData } from './records.access.js';
export { toMessageDto } from './records.mappers.js';
export { findSections, templateFieldsOfMember, templateFieldsSeenBy } from './sections.service.js';
export { loadPushContent } from './push.service.js';
export type { RecordsErrorCode } from './records.errors.js';
export { createInboxService, type InboxService } from './inbox.service.js';
export { createContactFromText, type ContactFromText } from './contact-from-text.service.js';
export {
  addCallToThread,
  createContactFromCall,
  setRecordsQueued,
  type CallOnThread,
} from './record-calls.service.js';
export {
  messageStatusesOfMoves,
  takeKnownText,
  type KnownText,
  type KnownTextHit,
} from './inbound-texts.service.js';
export { replyEffects } from './reply-effects.service.js';
export { campaignTexts, type OutgoingCampaignText } from './campaign-texts.service.js';
export { dncMarks } from './dnc-marks.service.js';
export { tracedOwnersParts, type TracedOwners } from './traced-owners.service.js';
export { photosRoutes } from './photos.routes.js';
export { bulkAudience, createBulkService, type BulkService } from './bulk.service.js';
export { createBulkEngine, type BulkEngine, type BulkPorts } from './bulk.engine.js';
export { bulkRoutes } from './bulk.routes.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    records: RecordsService;
    assignees: AssigneesService;
    identifiers: IdentifiersService;
    links: LinksService;
    thread: ThreadService;
    tasks: TasksService;
    teamRecords: TeamRecordsService;
    statuses: StatusesService;
    board: BoardService;
    inbox: InboxService;
    bulk: BulkService;
    bulkEngine: BulkEngine;
  }
}

/** Records and what hangs on them; statuses, the board, the inbox and bulk jobs. */
export const recordsModule = defineModule({
  name: 'records',
  plugins: [recordsPlugin],
  routes: [recordsRoutes, bulkRoutes],
  uploads: [photosRoutes],
  errors: { records: recordsErrors },
  start: (app) => {
    if (app.config.BULK_ENGINE) app.services.bulkEngine.start();
  },
  stop: async (app) => {
    await app.services.bulkEngine.stop();
  },
});
