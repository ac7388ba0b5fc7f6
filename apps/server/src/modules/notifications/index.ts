export { createNotificationsService, type NotificationsService } from './notifications.service.js';
export { notificationsRoutes } from './notifications.routes.js';
