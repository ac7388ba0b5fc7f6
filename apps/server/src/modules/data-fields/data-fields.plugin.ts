import { servicePlugin } from '../../plugins/services.js';
import { createDataFieldsService } from './data-fields.service.js';

/** The sections and custom fields of each kind of record. */
export const dataFieldsPlugin = servicePlugin('data-fields', ['realtime'], (app) => ({
  dataFields: createDataFieldsService({
    db: app.database.db,
    clock: app.clock,
    realtime: () => app.realtime,
  }),
}));
