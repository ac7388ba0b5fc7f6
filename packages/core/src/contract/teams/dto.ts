import { z } from 'zod';
import { DATA_ACCESS, PERMISSION_KEYS, ROLES } from '../../constants.js';
import { messages } from '../../messages.js';
import { isValidMemberPhone } from '../../rules/team.js';
import { text } from '../text.js';

/** A member as Settings > Team shows and edits it (spec part 2 §3 Member). */
export const teamMemberDto = z.object({
  _id: text(),
  name: text(),
  email: text(),
  phone: text().nullable(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  dataAccess: z.enum(DATA_ACCESS),
  avatar: text().nullable(),
  /** Added to the team and not logged in yet: the address is not proved, the account is not theirs yet. */
  invited: z.boolean(),
});
export type TeamMemberDto = z.infer<typeof teamMemberDto>;

export const memberName = text({ error: messages.team.nameRequired })
  .trim()
  .min(1, messages.team.nameRequired)
  .max(100);

export const memberEmail = text({ error: messages.auth.invalidEmail })
  .trim()
  .max(254)
  .pipe(z.email({ message: messages.auth.invalidEmail }));

/** Empty means no phone; otherwise the sub-user phone pattern. */
export const memberPhone = text({ error: messages.team.invalidPhone })
  .trim()
  .max(30)
  .refine((p) => p === '' || isValidMemberPhone(p), messages.team.invalidPhone);

export const memberPermissions = z.array(z.enum(PERMISSION_KEYS)).max(PERMISSION_KEYS.length);
export const memberDataAccess = z.enum(DATA_ACCESS);
