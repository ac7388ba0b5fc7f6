export { createRecordsService, type RecordsService } from './records.service.js';
export { recordReaders } from './records.service.js';
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
export { photosRoutes } from './photos.routes.js';
export { bulkAudience, createBulkService, type BulkService } from './bulk.service.js';
export { createBulkEngine, type BulkEngine, type BulkPorts } from './bulk.engine.js';
export { bulkRoutes } from './bulk.routes.js';
