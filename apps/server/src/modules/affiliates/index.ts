import { defineModule } from '../../plugins/app-module.js';
import { affiliatesPlugin } from './affiliates.plugin.js';
import { affiliatesRoutes } from './affiliates.routes.js';
import { affiliatesErrors } from './affiliates.errors.js';
import type { AffiliatesService } from './affiliates.service.js';
export {
  createAffiliatesService,
  type AffiliatesService,
  type ReferredPayment,
} from './affiliates.service.js';
export { affiliatesRoutes } from './affiliates.routes.js';
export type { AffiliatesErrorCode } from './affiliates.errors.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    affiliates: AffiliatesService;
  }
}

/** Affiliates, their links and commissions. */
export const affiliatesModule = defineModule({
  name: 'affiliates',
  plugins: [affiliatesPlugin],
  routes: [affiliatesRoutes],
  errors: { affiliates: affiliatesErrors },
});
