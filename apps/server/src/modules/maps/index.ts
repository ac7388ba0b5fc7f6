import { defineModule } from '../../plugins/app-module.js';
import { mapsRoutes } from './maps.routes.js';
import { mapsErrors } from './maps.errors.js';
export { mapsRoutes } from './maps.routes.js';

/** The map of records. */
export const mapsModule = defineModule({
  name: 'maps',
  routes: [mapsRoutes],
  errors: { maps: mapsErrors },
});
