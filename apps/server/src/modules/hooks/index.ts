import { defineModule } from '../../plugins/app-module.js';
import { hooksPlugin } from './hooks.plugin.js';
import { hooksRoutes } from './hooks.routes.js';
import { hooksErrors } from './hooks.errors.js';
import type { HookSender } from './engine/hook-sender.js';
import type { HooksService } from './hooks.service.js';
import type { WebhooksService } from './webhooks.service.js';
export { createHooksService, type HooksService } from './hooks.service.js';
export { hooksRoutes } from './hooks.routes.js';
export type { WebhooksService } from './webhooks.service.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    hookSender: HookSender;
    hooks: HooksService;
    webhooks: WebhooksService;
  }
}

/** Outgoing hooks and webhook subscriptions, with their delivery queue. */
export const hooksModule = defineModule({
  name: 'hooks',
  plugins: [hooksPlugin],
  routes: [hooksRoutes],
  errors: { hooks: hooksErrors },
  start: (app) => {
    app.services.hookSender.start();
  },
  stop: async (app) => {
    await app.services.hookSender.stop();
  },
});
