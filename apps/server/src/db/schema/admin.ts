import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A staff member's authenticator app (TOTP, RFC 6238; ADR 025). The secret is sealed with the server's
 * auth secret (AES-256-GCM); `lastStep` is the newest 30-second step accepted, so a code works once.
 */
export const staffSecondFactors = pgTable('staff_second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  /** Null while the setup waits for its confirmation code. */
  confirmedAt: ts('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: ts('created_at').notNull(),
});

/** The 10 recovery codes of a staff member's second factor: SHA-256 hashes, each usable once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Texts per team per UTC day of the job's creation: `out` counts jobs that left for the phone for good
 * (sent, delivered or failed), `blocked` the failed ones. Kept by statement triggers on sms_jobs
 * (migration 0026), read by the admin panel instead of counting a million jobs per request.
 */
export const teamSmsDays = pgTable(
  'team_sms_days',
  {
    day: date('day').notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    out: integer('out').notNull().default(0),
    blocked: integer('blocked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.teamId] }), index('team_sms_days_team_idx').on(t.teamId, t.day)],
);
