import { defineModule } from '../../plugins/app-module.js';
import { dataFieldsPlugin } from './data-fields.plugin.js';
import { dataFieldsRoutes } from './data-fields.routes.js';
import { dataFieldsErrors } from './data-fields.errors.js';
import type { DataFieldsService } from './data-fields.service.js';
export { createDataFieldsService, type DataFieldsService } from './data-fields.service.js';
export { dataFieldsRoutes } from './data-fields.routes.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    dataFields: DataFieldsService;
  }
}

/** The team's data fields and sections. */
export const dataFieldsModule = defineModule({
  name: 'dataFields',
  plugins: [dataFieldsPlugin],
  routes: [dataFieldsRoutes],
  errors: { dataFields: dataFieldsErrors },
});
