import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { teamMemberDto } from './dto.js';

/**
 * Settings > Team: the caller's team with phones, permissions and data access (GET /api/teams/members
 * serves the short form other screens use for mentions and assignment).
 */
export const listTeamMembers = defineEndpoint({
  method: 'GET',
  path: '/api/teams/listMembers',
  auth: true,
  response: z.object({ members: z.array(teamMemberDto) }),
});
