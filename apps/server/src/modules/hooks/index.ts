export { createHooksService, type HooksService } from './hooks.service.js';
export { hooksRoutes } from './hooks.routes.js';
export type { WebhooksService } from './webhooks.service.js';
