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
