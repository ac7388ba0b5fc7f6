export { createRecordsService, type RecordsService } from './records.service.js';
export { createTasksService, type TasksService } from './tasks.service.js';
export { createBoardService, type BoardService } from './board.service.js';
export { recordsRoutes } from './records.routes.js';
export { seesAllData } from './records.access.js';
