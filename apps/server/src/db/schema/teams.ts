import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DataAccess, PermissionKey, PlanName, Role } from '@prospector/core';

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default('Unnamed Company'),
    onboarded: boolean('onboarded').notNull().default(false),
    timezone: text('timezone'),
    /** Home country (ISO alpha-2, Settings > Other): its numbers are shown nationally and typed without +code. */
    country: text('country').notNull().default('US'),
    /** Campaign texts per device per day (Settings > Other 'daily texting limit'; at most 200). */
    ppgl: integer('ppgl').notNull().default(100),
    /**
     * The team's own texting and calling hours in the contact's zone (rules/state-law.ts): they only
     * narrow the law's hours; null keeps the law's start or end.
     */
    contactStartHour: integer('contact_start_hour'),
    contactEndHour: integer('contact_end_hour'),
    /** Affiliate id the team's first user arrived with (URL hash). */
    referredBy: text('referred_by'),
    /** Integration hooks (Settings > Other): URLs the team's events are POSTed to, signed with hookSecret. */
    pushHook: text('push_hook'),
    inboundHook: text('inbound_hook'),
    outboundHook: text('outbound_hook'),
    podioHook: text('podio_hook'),
    hookSecret: text('hook_secret'),
    /** The public API's key (POST /api/public/sendSMS). */
    apiKey: text('api_key').unique(),
    /** Company avatar (Settings > Team, admin): its URL path, /api/files/avatars/<file> under DATA_DIR/avatars. */
    avatar: text('avatar'),
    /** Settings > Other 'sub-users': people who may use the account, by name and phone. */
    subUsers: jsonb('sub_users').$type<{ name: string; phone: string }[]>().notNull().default([]),
    /** The subscription plan (rules/billing.ts PLANS): its limits are enforced where the work happens. */
    plan: text('plan').$type<PlanName>().notNull().default('BASIC'),
    /** Set while our staff have suspended the team (ADR 025): no campaign sends, no device gets a job. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin panel pages 10,000 teams by name or by age (ADR 025).
  (t) => [
    index('teams_lower_name_idx').on(sql`lower(${t.name})`),
    index('teams_created_idx').on(t.createdAt),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Stored lower-cased (rules/auth normalizeEmail). */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<Role>().notNull().default('member'),
    permissions: jsonb('permissions').$type<PermissionKey[]>().notNull().default([]),
    dataAccess: text('data_access').$type<DataAccess>().notNull().default('Only assigned'),
    avatar: text('avatar'),
    phone: text('phone'),
    /**
     * When the owner proved the address: a login with a code sent to it, or a confirmed e-mail change.
     * Null for a member who was added and has not logged in yet ('Invited'). Staff status and logins
     * follow only verified rows; an address is verified in at most one account.
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_verified_email_key')
      .on(t.email)
      .where(sql`${t.verifiedAt} is not null`),
    uniqueIndex('users_team_email_key').on(t.teamId, t.email),
    index('users_team_idx').on(t.teamId),
    index('users_lower_name_idx').on(sql`lower(${t.name})`),
  ],
);
