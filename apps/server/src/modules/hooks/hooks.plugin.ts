import { createHookSender } from '../../engines/hooks/hook-sender.js';
import { servicePlugin } from '../../plugins/services.js';
import { createHooksService } from './hooks.service.js';

/** The team's integration hooks and API key, and the engine that delivers hook events. */
export const hooksPlugin = servicePlugin('hooks', ['records'], (app, { records }) => {
  const { db } = app.database;
  const hookSender = createHookSender({
    db,
    clock: app.clock,
    log: app.log,
    options: {
      allowPrivate: app.config.HOOKS_ALLOW_PRIVATE,
      retryBaseMs: app.config.HOOK_RETRY_BASE_MS,
      pollMs: 2000,
    },
  });
  return { hookSender, hooks: createHooksService({ db, clock: app.clock, sender: hookSender, records }) };
});
