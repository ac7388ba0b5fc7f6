import { servicePlugin } from '../../plugins/services.js';
import { createNotificationsService } from './notifications.service.js';

/** In-app notifications (the bell), pushed to the recipient's sockets. */
export const notificationsPlugin = servicePlugin('notifications', ['realtime'], (app) => ({
  notifications: createNotificationsService({
    db: app.database.db,
    clock: app.clock,
    realtime: () => app.realtime,
  }),
}));
