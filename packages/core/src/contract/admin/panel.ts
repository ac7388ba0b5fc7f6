import { z } from 'zod';
import { ADMIN_PERIODS } from '../../rules/admin.js';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

export const ADMIN_PANEL_SORTS = [
  'name',
  'owner',
  'plan',
  'credits',
  'members',
  'devices',
  'smsOut',
  'smsBlocked',
  'blockRate',
  'activeCampaigns',
  'createdAt',
] as const;
export type AdminPanelSort = (typeof ADMIN_PANEL_SORTS)[number];

/** One team as the admin panel lists it (spec part 2 §3 'Team (admin view)' and 'Team KPIs'). */
export const adminTeamRow = z.object({
  _id: text(),
  name: text(),
  /** The owner's e-mail and name (the team's admin). */
  email: text().nullable(),
  owner: text().nullable(),
  plan: text(),
  /** Dollars, to 2 decimals (spec part 2 §9). */
  credits: z.number(),
  members: z.number().int(),
  devicesConnected: z.number().int(),
  devicesTotal: z.number().int(),
  smsOut: z.number().int(),
  smsBlocked: z.number().int(),
  /** blocked / out × 100, to 2 decimals. */
  blockRate: z.number(),
  activeCampaigns: z.number().int(),
  suspended: z.boolean(),
  suspendedReason: text().nullable(),
  createdAt: text(),
});
export type AdminTeamRow = z.infer<typeof adminTeamRow>;

/** Staff: every team with its figures over the period; search, sort and paging on the server. */
export const getAdminPanel = defineEndpoint({
  method: 'GET',
  path: '/api/admin/panel',
  auth: true,
  staff: true,
  query: z.object({
    period: z.enum(ADMIN_PERIODS).default('30d'),
    search: text().trim().max(120).default(''),
    sort: z.enum(ADMIN_PANEL_SORTS).default('createdAt'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    onlyActiveCampaigns: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  }),
  response: z.object({
    teams: z.array(adminTeamRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Totals over every team the filters keep. */
    kpis: z.object({
      teams: z.number().int(),
      smsOut: z.number().int(),
      smsBlocked: z.number().int(),
      blockRate: z.number(),
      activeCampaigns: z.number().int(),
      suspended: z.number().int(),
    }),
  }),
});
