import { z } from 'zod';
import { DATA_ACCESS, PERMISSION_KEYS, ROLES } from '../constants.js';
import { text } from './text.js';

export const errorBody = z.object({
  code: text(),
  message: text(),
  fields: z.array(z.object({ path: text(), message: text() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const teamSummary = z.object({
  _id: text(),
  name: text(),
  onboarded: z.boolean(),
  timezone: text().nullable(),
  /**
   * The team's home country (ISO 3166 alpha-2, 'US' until an admin changes it): its phones are shown
   * in national format and typed without a country code; every other number is international.
   */
  country: text(),
  /** Daily texting limit per device, campaigns only (Settings > Other; at most 200). */
  ppgl: z.number().int(),
  /** Company avatar URL (Settings > Team). */
  avatar: text().nullable(),
  /** Settings > Other: people who may use the account. */
  subUsers: z.array(z.object({ name: text(), phone: text() })),
  /** Set while our staff have suspended the team (ADR 025): every member sees the banner with the reason. */
  suspension: z.object({ reason: text(), since: text() }).nullable().optional(),
  /** The team has a push hook (Settings > Integrations): records offer 'Push to CRM' only then. */
  crmPush: z.boolean().optional(),
});
export type TeamSummary = z.infer<typeof teamSummary>;

export const currentUser = z.object({
  _id: text(),
  email: text(),
  name: text(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  dataAccess: z.enum(DATA_ACCESS),
  avatar: text().nullable(),
  phone: text().nullable(),
  team: teamSummary,
  /** Internal staff of the product (admin area, impersonation). */
  isStaff: z.boolean(),
  /** Set when this session was opened by staff impersonating the user: the staff member's name. */
  impersonatedBy: text().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const tokenAndUser = z.object({ token: text(), user: currentUser });
export type TokenAndUser = z.infer<typeof tokenAndUser>;

export const emptyBody = z.object({}).strict();
