import { defineModule } from '../../plugins/app-module.js';
import { adminPhonesPlugin } from './admin-phones.plugin.js';
import { adminPhonesRoutes } from './admin-phones.routes.js';
import { adminPhonesErrors } from './admin-phones.errors.js';
import type { AdminPhonesService } from './admin-phones.service.js';
export { createAdminPhonesService, areaCodeOf, type AdminPhonesService } from './admin-phones.service.js';
export { adminPhonesRoutes } from './admin-phones.routes.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    adminPhones: AdminPhonesService;
  }
}

/** The staff's phone numbers. */
export const adminPhonesModule = defineModule({
  name: 'adminPhones',
  plugins: [adminPhonesPlugin],
  routes: [adminPhonesRoutes],
  errors: { adminPhones: adminPhonesErrors },
});
