export { createRecordsService, type RecordsService } from './records.service.js';
export { recordReaders } from './records.service.js';
export { createIdentifiersService, type IdentifiersService } from './identifiers.service.js';
export { createLinksService, type LinksService } from './links.service.js';
export { createThreadService, type ThreadService, type OutgoingText } from './thread.service.js';
export { createTasksService, type TasksService } from './tasks.service.js';
export { createStatusesService, type StatusesService } from './statuses.service.js';
export { createBoardService, type BoardService } from './board.service.js';
export { recordsRoutes } from './records.routes.js';
export { seesAllData } from './records.access.js';
export { toMessageDto } from './records.mappers.js';
/** Row access for modules that write into records' threads and identifiers (SMS in and out). */
export * as recordRows from './records.queries.js';
export type { RecordsErrorCode } from './records.errors.js';
export { createInboxService, type InboxService } from './inbox.service.js';
