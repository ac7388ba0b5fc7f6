export { createDataFieldsService, type DataFieldsService } from './data-fields.service.js';
export { dataFieldsRoutes } from './data-fields.routes.js';
export type { DataFieldsErrorCode } from './data-fields.errors.js';
