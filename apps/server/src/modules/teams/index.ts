export { createTeamsService, type TeamsService, type UserWithTeam } from './teams.service.js';
