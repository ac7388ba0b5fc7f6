import { defineModule } from '../../plugins/app-module.js';
import { chatsPlugin } from './chats.plugin.js';
import { chatsRoutes } from './chats.routes.js';
import { chatsErrors } from './chats.errors.js';
import type { ChatsService } from './chats.service.js';
import type { SupportAlerts } from './support-alerts.js';
export { createChatsService, type ChatsService } from './chats.service.js';
export { chatsRoutes } from './chats.routes.js';
export type { SupportAlerts } from './support-alerts.js';
export type { ChatsErrorCode } from './chats.errors.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    chats: ChatsService;
    supportAlerts: SupportAlerts;
  }
}

/** Support chats between teams and staff. */
export const chatsModule = defineModule({
  name: 'chats',
  plugins: [chatsPlugin],
  uploads: [chatsRoutes],
  errors: { chats: chatsErrors },
  start: (app) => {
    app.services.supportAlerts.start();
  },
  stop: async (app) => {
    await app.services.supportAlerts.stop();
  },
});
