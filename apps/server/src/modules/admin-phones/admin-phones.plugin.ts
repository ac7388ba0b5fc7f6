import { servicePlugin } from '../../plugins/services.js';
import { createAdminPhonesService } from './admin-phones.service.js';

/** The suspension page: teams' sub-accounts at the voice provider and their numbers. */
export const adminPhonesPlugin = servicePlugin(
  'adminPhones',
  ['calls', 'teams', 'audit'],
  (app, { voice, voiceAccounts, teams, audit }) => ({
    adminPhones: createAdminPhonesService({ db: app.database.db, voice, voiceAccounts, teams, audit }),
  }),
);
