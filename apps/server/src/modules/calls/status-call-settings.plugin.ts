import { servicePlugin } from '../../plugins/services.js';
import { createStatusCallSettingsService } from './status-call-settings.service.js';

/** A status's call settings: the calls module's table, the records module's statuses. */
export const statusCallSettingsPlugin = servicePlugin(
  'status-call-settings',
  ['records'],
  (app, { statuses }) => ({
    statusCallSettings: createStatusCallSettingsService({ db: app.database.db, statuses }),
  }),
);
