export { publicApiPlugin } from './public-api.plugin.js';
export { publicApiRoutes } from './public-api.routes.js';
export type { ApiKeysService, ApiCaller } from './api-keys.service.js';
export type { V1Service } from './public-api.plugin.js';
