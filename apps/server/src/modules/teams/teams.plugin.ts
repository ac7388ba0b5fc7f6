import { servicePlugin } from '../../plugins/services.js';
import { createTeamsService } from './teams.service.js';

/** Accounts and their teams; a new team is seeded by the records module (statuses, sections). */
export const teamsPlugin = servicePlugin('teams', ['records'], (app, { records }) => ({
  teams: createTeamsService({
    staffEmails: app.config.STAFF_EMAILS,
    clock: app.clock,
    onTeamCreated: records.seedTeam,
  }),
}));
