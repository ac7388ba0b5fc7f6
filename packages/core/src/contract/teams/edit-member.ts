import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';
import {
  memberDataAccess,
  memberEmail,
  memberName,
  memberPermissions,
  memberPhone,
  teamMemberDto,
} from './dto.js';

/**
 * Edits a member. An admin edits anyone; the `members` permission edits other members; anyone edits
 * self, but only an admin changes their own permissions and data access. `email` is left out when the
 * screen's value is 7 characters or shorter (memberEmailToSend). Emits `editMember` to the team.
 * A new e-mail for an account that has logged in is not saved: a code goes to the new address
 * (`pendingEmail`), and `confirmMemberEmail` with that code moves the account. An invited member's
 * address (not logged in yet) changes at once.
 */
export const editMember = defineEndpoint({
  method: 'PATCH',
  path: '/api/teams/editMember',
  auth: true,
  body: z.object({
    _id: z.uuid(),
    name: memberName,
    email: memberEmail.optional(),
    phone: memberPhone,
    permissions: memberPermissions,
    dataAccess: memberDataAccess,
  }),
  response: z.object({ user: teamMemberDto, pendingEmail: text().nullable() }),
});
