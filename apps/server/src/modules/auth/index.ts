import { defineModule } from '../../plugins/app-module.js';
import { authPlugin } from './auth.plugin.js';
import { authRoutes } from './auth.routes.js';
import { authErrors } from './auth.errors.js';
import type { AuthService } from './auth.service.js';
export { createAuthService, type AuthService } from './auth.service.js';
export { authRoutes } from './auth.routes.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    auth: AuthService;
  }
}

/** Log-in codes, sessions and impersonation. */
export const authModule = defineModule({
  name: 'auth',
  plugins: [authPlugin],
  routes: [authRoutes],
  errors: { auth: authErrors },
});
