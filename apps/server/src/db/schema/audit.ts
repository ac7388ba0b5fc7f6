import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only record of security-relevant actions (logins, impersonation, logouts). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    teamId: uuid('team_id'),
    targetUserId: uuid('target_user_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_team_idx').on(t.teamId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId),
  ],
);

/**
 * Repeated refusals folded into one audit entry per caller, action and call per window (issue 36
 * item 8): `count` refusals came in the window, `auditId` is the one entry written for them. The log
 * itself stays append-only; this table is what changes.
 */
export const auditFolds = pgTable(
  'audit_folds',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    auditId: uuid('audit_id'),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('audit_folds_audit_idx').on(t.auditId)],
);
