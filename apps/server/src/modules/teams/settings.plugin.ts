import { servicePlugin } from '../../plugins/services.js';
import { createSettingsService } from './settings.service.js';

/** Team-wide settings: time zone, daily texting limit, company name, sub-users, onboarding. */
export const settingsPlugin = servicePlugin('settings', ['realtime'], (app) => ({
  settings: createSettingsService({
    db: app.database.db,
    clock: app.clock,
    realtime: () => app.realtime,
    // Looked up when called: the devices plugin may be registered after this one.
    paceChanged: (teamId) => app.services.smsGateway.hub.teamSettingsUpdated(teamId),
  }),
}));
