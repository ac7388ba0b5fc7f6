export { createDataFieldsService, type DataFieldsService } from './data-fields.service.js';
export { dataFieldsRoutes } from './data-fields.routes.js';
