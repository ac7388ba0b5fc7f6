export { createHooksService, type HooksService, type HooksErrorCode } from './hooks.service.js';
export { hooksRoutes } from './hooks.routes.js';
