import { servicePlugin } from '../../plugins/services.js';
import { createTeamsService } from './teams.service.js';

/**
 * Accounts and their teams; a new team is seeded by the modules that own what it starts with: records
 * (the built-in statuses) and data fields (the system sections).
 */
export const teamsPlugin = servicePlugin(
  'teams',
  ['records', 'data-fields'],
  (app, { records, dataFields }) => ({
    teams: createTeamsService({
      staffEmails: app.config.STAFF_EMAILS,
      clock: app.clock,
      onTeamCreated: async (tx, teamId) => {
        await records.seedTeam(tx, teamId);
        await dataFields.seedTeam(tx, teamId);
      },
    }),
  }),
);
