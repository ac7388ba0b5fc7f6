import { defineModule } from '../../plugins/app-module.js';
import { adminPlugin } from './admin.plugin.js';
import { adminRoutes } from './admin.routes.js';
import { adminErrors } from './admin.errors.js';
import type { AdminService } from './admin.service.js';
import type { PanelService } from './panel.service.js';
import type { SecondFactorService } from './second-factor.service.js';
export { createAdminService, type AdminService } from './admin.service.js';
export { type PanelService } from './panel.service.js';
export { type SecondFactorService } from './second-factor.service.js';
export { adminRoutes } from './admin.routes.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    admin: AdminService;
    adminPanel: PanelService;
    secondFactor: SecondFactorService;
  }
}

/** The staff's admin panel. */
export const adminModule = defineModule({
  name: 'admin',
  plugins: [adminPlugin],
  routes: [adminRoutes],
  errors: { admin: adminErrors },
});
