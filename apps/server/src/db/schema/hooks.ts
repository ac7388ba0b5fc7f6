import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WebhookEndpointKind } from '@prospector/core';
import { teams, users } from './teams.js';

/**
 * Where a team's events go (ADR 045): its Settings hooks (one row per kind, made when the hook is
 * saved) and the subscriptions integrations made (`POST /api/v1/webhooks`). Each has its own
 * Standard Webhooks secret, sealed (lib/sealed.ts); after a rotation the previous one signs too until
 * `previous_secret_until`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<WebhookEndpointKind>().notNull(),
    url: text('url').notNull(),
    /** A subscription's event types; a hook's is implied by its kind. */
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    /** Since when every attempt has failed (null after a success); 5 days of it disables the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The key a subscription was made with (null for hooks, or once the key is gone). */
    apiKeyId: uuid('api_key_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_endpoints_team_idx').on(t.teamId, t.kind),
    uniqueIndex('webhook_endpoints_hook_kind_idx')
      .on(t.teamId, t.kind)
      .where(sql`kind <> 'subscription' and deleted_at is null`),
  ],
);

/** One event for one endpoint: the body is fixed when it is queued; attempts until taken or given up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Each POST of a delivery: when, the answer's status, how long it took and its first bytes. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    /** The answer's first 512 bytes, or what went wrong when there was no answer. */
    response: text('response').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);

/**
 * Calls counted per key and per window, for limits that must hold across every process (the public
 * API's calls per key: rules/rate-limit.ts). A key's rows older than its previous window are deleted
 * as it is counted.
 */
export const rateCounts = pgTable(
  'rate_counts',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
