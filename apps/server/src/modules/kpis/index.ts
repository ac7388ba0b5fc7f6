import { defineModule } from '../../plugins/app-module.js';
import { kpisPlugin } from './kpis.plugin.js';
import { kpisRoutes } from './kpis.routes.js';
import { kpisErrors } from './kpis.errors.js';
import type { KpisService } from './kpis.service.js';
export { createKpisService, type KpisService } from './kpis.service.js';
export { kpisRoutes } from './kpis.routes.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    kpis: KpisService;
  }
}

/** The staff's figures. */
export const kpisModule = defineModule({
  name: 'kpis',
  plugins: [kpisPlugin],
  routes: [kpisRoutes],
  errors: { kpis: kpisErrors },
});
