import { defineModule } from '../../plugins/app-module.js';
import { skiptracePlugin } from './skiptrace.plugin.js';
import { skiptraceRoutes } from './skiptrace.routes.js';
import { skiptraceErrors } from './skiptrace.errors.js';
import type { SkiptraceService } from './skiptrace.service.js';
import type { SkiptraceEngine } from './skiptrace-engine.js';
export { createSkiptraceService, type SkiptraceService } from './skiptrace.service.js';
export { createSkiptraceEngine, type SkiptraceEngine } from './skiptrace-engine.js';
export { skiptraceRoutes } from './skiptrace.routes.js';
export type { SkiptraceErrorCode } from './skiptrace.errors.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    skiptrace: SkiptraceService;
    skiptraceEngine: SkiptraceEngine;
  }
}

/** Owners' phone look-ups and their engine. */
export const skiptraceModule = defineModule({
  name: 'skiptrace',
  plugins: [skiptracePlugin],
  routes: [skiptraceRoutes],
  errors: { skiptrace: skiptraceErrors },
  start: (app) => {
    if (app.config.SKIPTRACE_ENGINE) app.services.skiptraceEngine.start();
  },
  stop: async (app) => {
    await app.services.skiptraceEngine.stop();
  },
});
