import { servicePlugin } from '../../plugins/services.js';
import { createAdminService } from './admin.service.js';
import { createPanelService } from './panel.service.js';
import { createSecondFactorService } from './second-factor.service.js';

/** Staff tools: their second factor, the teams panel, team actions, impersonation, the audit log. */
export const adminPlugin = servicePlugin(
  'admin',
  ['auth', 'teams', 'audit', 'billing', 'realtime'],
  (app, { auth, teams, audit, ledger }) => ({
    admin: createAdminService({
      db: app.database.db,
      clock: app.clock,
      auth,
      teams,
      audit,
      ledger,
      realtime: () => app.realtime,
    }),
    adminPanel: createPanelService({
      db: app.database.db,
      clock: app.clock,
      audit,
      snapshotMs: app.config.ADMIN_PANEL_SNAPSHOT_MS,
    }),
    secondFactor: createSecondFactorService({
      db: app.database.db,
      clock: app.clock,
      secret: app.config.authSecret,
      auth,
      audit,
    }),
  }),
);
