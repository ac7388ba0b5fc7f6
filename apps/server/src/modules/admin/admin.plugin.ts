import { servicePlugin } from '../../plugins/services.js';
import { createAdminService } from './admin.service.js';

/** Staff tools: find an account, impersonate it. */
export const adminPlugin = servicePlugin(
  'admin',
  ['auth', 'teams', 'audit'],
  (app, { auth, teams, audit }) => ({
    admin: createAdminService({ db: app.database.db, auth, teams, audit }),
  }),
);
