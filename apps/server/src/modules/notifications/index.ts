import { defineModule } from '../../plugins/app-module.js';
import { notificationsPlugin } from './notifications.plugin.js';
import { notificationsRoutes } from './notifications.routes.js';
import type { NotificationsService } from './notifications.service.js';
export { createNotificationsService, type NotificationsService } from './notifications.service.js';
export { notificationsRoutes } from './notifications.routes.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    notifications: NotificationsService;
  }
}

/** Members' notifications. */
export const notificationsModule = defineModule({
  name: 'notifications',
  plugins: [notificationsPlugin],
  routes: [notificationsRoutes],
});
