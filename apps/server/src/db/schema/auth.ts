import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './teams.js';

/**
 * One row per code sent; the rows also count sends for the rate limits. A code logs in ('login') or
 * proves a new address for an existing account ('email': `userId` is the account it moves).
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<'login' | 'email'>().notNull().default('login'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256(secret, email:code); the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    affId: text('aff_id'),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_codes_email_idx').on(t.email, t.createdAt),
    index('login_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** Staff member who opened this session by impersonation. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The staff session that opened this one by impersonation: this one ends with it (issue 36 item 5). */
    impersonatorSessionId: uuid('impersonator_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When a staff member gave their second factor in this session (ADR 025); it holds 12 hours. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_impersonator_session_idx')
      .on(t.impersonatorSessionId)
      .where(sql`${t.impersonatorSessionId} is not null`),
    // The sweep that audits impersonations whose hour ran out (ADR 032) reads only the open ones.
    index('sessions_open_impersonation_idx')
      .on(t.expiresAt)
      .where(sql`${t.impersonatorId} is not null and ${t.revokedAt} is null`),
  ],
);
