export { createListsService, toListDto, type ListsService } from './lists.service.js';
export { listsRoutes } from './lists.routes.js';
