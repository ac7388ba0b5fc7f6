export { createKpisService, type KpisService } from './kpis.service.js';
export { kpisRoutes } from './kpis.routes.js';
