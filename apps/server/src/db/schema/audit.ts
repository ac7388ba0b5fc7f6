import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
