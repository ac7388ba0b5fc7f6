import { defineModule } from '../../plugins/app-module.js';
import { publicApiPlugin } from './public-api.plugin.js';
import { publicApiRoutes } from './public-api.routes.js';
import { publicApiErrors } from './public-api.errors.js';
import type { ApiKeysService } from './api-keys.service.js';
import type { V1Service } from './public-api.plugin.js';
export { publicApiPlugin } from './public-api.plugin.js';
export { publicApiRoutes } from './public-api.routes.js';
export type { ApiKeysService, ApiCaller } from './api-keys.service.js';
export type { V1Service } from './public-api.plugin.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    apiKeys: ApiKeysService;
    v1: V1Service;
  }
}

/** The public API (v1 and sendSMS) and its keys. */
export const publicApiModule = defineModule({
  name: 'publicApi',
  plugins: [publicApiPlugin],
  routes: [publicApiRoutes],
  errors: { publicApi: publicApiErrors },
});
