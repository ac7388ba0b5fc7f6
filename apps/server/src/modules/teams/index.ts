import { defineModule } from '../../plugins/app-module.js';
import { teamsPlugin } from './teams.plugin.js';
import { settingsPlugin } from './settings.plugin.js';
import { teamsRoutes } from './teams.routes.js';
import { settingsRoutes } from './settings.routes.js';
import { avatarsRoutes } from './avatars.routes.js';
import { teamsErrors } from './teams.errors.js';
import { settingsErrors } from './settings.errors.js';
import type { TeamsService } from './teams.service.js';
import type { SettingsService } from './settings.service.js';
export {
  createTeamsService,
  findTeamIdByApiKey,
  findTeamIntegrations,
  findTeamTimezone,
  findTeamCountry,
  setTeamPlan,
  isTeamSuspended,
  updateTeamIntegrations,
  type TeamIntegrations,
  type TeamsService,
  type UserWithTeam,
} from './teams.service.js';
export { teamsRoutes } from './teams.routes.js';
export type { TeamsErrorCode } from './teams.errors.js';
export { avatarsRoutes } from './avatars.routes.js';
export { createSettingsService, type SettingsService } from './settings.service.js';
export { settingsRoutes } from './settings.routes.js';
export type { SettingsErrorCode } from './settings.errors.js';

/** The services this module provides, as `app.services.<name>`. */
declare module '../../plugins/services.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Services {
    teams: TeamsService;
    settings: SettingsService;
  }
}

/** Teams, their members and the team's settings. */
export const teamsModule = defineModule({
  name: 'teams',
  plugins: [teamsPlugin, settingsPlugin],
  routes: [teamsRoutes, settingsRoutes],
  uploads: [avatarsRoutes],
  errors: { teams: teamsErrors, settings: settingsErrors },
});
