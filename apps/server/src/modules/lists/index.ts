export { createListsService, toListDto, type ListsService } from './lists.service.js';
export { createListImportsService, type ListImportsService } from './list-imports.service.js';
export { listsRoutes } from './lists.routes.js';
