import { z } from 'zod';
import { DATA_ACCESS, PERMISSION_KEYS, ROLES } from '../../constants.js';
import { messages } from '../../messages.js';
import { isValidMemberPhone } from '../../rules/team.js';

/** A member as Settings > Team shows and edits it (spec part 2 §3 Member). */
export const teamMemberDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  dataAccess: z.enum(DATA_ACCESS),
  avatar: z.string().nullable(),
  /** Added to the team and not logged in yet: the address is not proved, the account is not theirs yet. */
  invited: z.boolean(),
});
export type TeamMemberDto = z.infer<typeof teamMemberDto>;

export const memberName = z
  .string({ error: messages.team.nameRequired })
  .trim()
  .min(1, messages.team.nameRequired)
  .max(100);

export const memberEmail = z
  .string({ error: messages.auth.invalidEmail })
  .trim()
  .max(254)
  .pipe(z.email({ message: messages.auth.invalidEmail }));

/** Empty means no phone; otherwise the sub-user phone pattern. */
export const memberPhone = z
  .string({ error: messages.team.invalidPhone })
  .trim()
  .max(30)
  .refine((p) => p === '' || isValidMemberPhone(p), messages.team.invalidPhone);

export const memberPermissions = z.array(z.enum(PERMISSION_KEYS)).max(PERMISSION_KEYS.length);
export const memberDataAccess = z.enum(DATA_ACCESS);
