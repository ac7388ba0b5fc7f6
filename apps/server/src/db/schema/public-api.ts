import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid, integer } from 'drizzle-orm/pg-core';
import { teams } from './teams.js';
import { users } from './teams.js';

/**
 * A team's keys for the public API v1 (ADR 043): named, scoped, stored as a SHA-256 hash (the key is
 * shown once), revocable. The team's older single key (teams.api_key) still serves `sendSMS`.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `pk_` and the key's first characters, for telling keys apart in Settings. */
    hint: text('hint').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_team_idx').on(t.teamId, t.createdAt)],
);

/** The first answer to a create or send made with an `Idempotency-Key`, per API key, for 24 hours. */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Method, path and body of the first request: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index('api_idempotency_created_idx').on(t.createdAt)],
);
