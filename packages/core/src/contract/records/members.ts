import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { memberDto } from './dto.js';

/** The caller's team members (for mentions, assignment and the board's member filter). */
export const getMembers = defineEndpoint({
  method: 'GET',
  path: '/api/teams/members',
  auth: true,
  response: z.object({ members: z.array(memberDto) }),
});
