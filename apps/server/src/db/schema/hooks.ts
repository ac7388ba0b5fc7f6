import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.js';

export type HookKind = 'push' | 'inbound' | 'outbound';

/** One POST of an event to a team's hook URL, retried with backoff until it is taken or given up. */
export const hookDeliveries = pgTable(
  'hook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<HookKind>().notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('hook_deliveries_due_idx').on(t.state, t.nextAttemptAt)],
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
