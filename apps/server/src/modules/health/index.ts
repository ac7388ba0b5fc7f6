import { defineModule } from '../../plugins/app-module.js';
import { healthRoutes } from './health.routes.js';

/** Health and the public configuration. */
export const healthModule = defineModule({
  name: 'health',
  routes: [healthRoutes],
});
