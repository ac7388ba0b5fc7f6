import { servicePlugin } from '../../plugins/services.js';
import { createAdminService } from './admin.service.js';

/** Staff tools: find an account, impersonate it, credit a team. */
export const adminPlugin = servicePlugin(
  'admin',
  ['auth', 'teams', 'audit', 'billing'],
  (app, { auth, teams, audit, ledger }) => ({
    admin: createAdminService({ db: app.database.db, auth, teams, audit, ledger }),
  }),
);
