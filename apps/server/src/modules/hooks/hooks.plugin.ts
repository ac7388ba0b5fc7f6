import { serverMessages } from '@prospector/core';
import { createHookSender } from './engine/hook-sender.js';
import { servicePlugin } from '../../plugins/services.js';
import { createHooksService } from './hooks.service.js';
import { createWebhooksService } from './webhooks.service.js';

/**
 * The team's integration hooks and API key, its webhook endpoints and subscriptions, and the engine
 * that delivers them (ADR 045). Subscriptions hear the app's domain events.
 */
export const hooksPlugin = servicePlugin(
  'hooks',
  ['records', 'notifications'],
  (app, { records, notifications }) => {
    const { db, background } = app.database;
    const hookSender = createHookSender({
      // The drain's claims and attempts take the background lane: a request never queues behind them
      // on PGlite's one connection or in the main pool (ADR 061).
      db: background,
      clock: app.clock,
      log: app.log,
      options: {
        allowPrivate: app.config.HOOKS_ALLOW_PRIVATE,
        concurrency: app.config.WEBHOOK_CONCURRENCY,
        pollMs: app.config.WEBHOOK_POLL_MS,
        appSecret: app.config.authSecret,
      },
      notifyAdmins: (teamId, endpoint) =>
        notifications.notifyAdmins(
          teamId,
          serverMessages.webhooks.endpointDisabled.replace('{url}', endpoint.url),
        ),
    });
    const webhooks = createWebhooksService({ db, clock: app.clock, sender: hookSender, log: app.log });
    app.events.subscribe((events) => webhooks.publish(events));
    return {
      hookSender,
      webhooks,
      hooks: createHooksService({
        db,
        clock: app.clock,
        sender: hookSender,
        webhooks,
        records,
        events: app.events,
      }),
    };
  },
);
