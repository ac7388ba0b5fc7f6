import { servicePlugin } from '../../plugins/services.js';
import { createAuthService } from './auth.service.js';

/** Sign-in by e-mailed code, sessions and their tokens. */
export const authPlugin = servicePlugin(
  'auth',
  ['teams', 'audit', 'affiliates'],
  (app, { mailer, teams, audit, affiliates }) => ({
    auth: createAuthService({
      db: app.database.db,
      clock: app.clock,
      mailer,
      log: app.log,
      secret: app.config.authSecret,
      ipLimits: { shortWindowMax: app.config.LOGIN_IP_MAX_5MIN, dayWindowMax: app.config.LOGIN_IP_MAX_DAY },
      teams,
      audit,
      affiliates,
    }),
  }),
);
