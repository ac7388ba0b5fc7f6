import { z } from 'zod';
import { DATA_ACCESS, PERMISSION_KEYS, ROLES } from '../constants.js';

export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const teamSummary = z.object({
  _id: z.string(),
  name: z.string(),
  onboarded: z.boolean(),
  timezone: z.string().nullable(),
  /** Daily texting limit per device, campaigns only (Settings > Other; at most 200). */
  ppgl: z.number().int(),
  /** Company avatar URL (Settings > Team). */
  avatar: z.string().nullable(),
  /** Settings > Other: people who may use the account. */
  subUsers: z.array(z.object({ name: z.string(), phone: z.string() })),
});
export type TeamSummary = z.infer<typeof teamSummary>;

export const currentUser = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  dataAccess: z.enum(DATA_ACCESS),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  team: teamSummary,
  /** Internal staff of the product (admin area, impersonation). */
  isStaff: z.boolean(),
  /** Set when this session was opened by staff impersonating the user: the staff member's name. */
  impersonatedBy: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const tokenAndUser = z.object({ token: z.string(), user: currentUser });
export type TokenAndUser = z.infer<typeof tokenAndUser>;

export const emptyBody = z.object({}).strict();
