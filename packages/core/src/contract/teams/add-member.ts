import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  memberDataAccess,
  memberEmail,
  memberName,
  memberPermissions,
  memberPhone,
  teamMemberDto,
} from './dto.js';
import { chatDto } from '../chats/dto.js';

/**
 * Adds a member to the caller's team, invited until its owner logs in with a code (ADR 002, ADR 011).
 * Admin or the `members` permission. Only an address already on the caller's team is a 409: whether
 * it has an account elsewhere is never told.
 */
export const addMember = defineEndpoint({
  method: 'PATCH',
  path: '/api/teams/addMember',
  auth: true,
  body: z.object({
    name: memberName,
    email: memberEmail,
    phone: memberPhone,
    permissions: memberPermissions,
    dataAccess: memberDataAccess,
  }),
  /** chats: the new member's chats (the team room, a direct chat with each teammate, support; spec part 2 §7). */
  response: z.object({ user: teamMemberDto, chats: z.array(chatDto) }),
});
