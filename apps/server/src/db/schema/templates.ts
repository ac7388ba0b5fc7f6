import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const teamRef = () =>
  uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

/** SMS template groups (smsGroups): a campaign rotates through the templates of its groups. */
export const templateGroups = pgTable(
  'template_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('template_groups_team_idx').on(t.teamId, t.createdAt)],
);

/** An SMS template; no group means 'unused'. blockedCount counts texts of it a carrier refused. */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    groupId: uuid('group_id').references(() => templateGroups.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    blockedCount: integer('blocked_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('templates_team_group_idx').on(t.teamId, t.groupId, t.createdAt)],
);

/** A rotating alternative: `{name}` in a template takes one of its values. */
export const subtemplates = pgTable(
  'subtemplates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    name: text('name').notNull(),
    values: jsonb('values').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('subtemplates_team_name_key').on(t.teamId, sql`lower(${t.name})`)],
);

export const quickReplies = pgTable(
  'quick_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('quick_replies_team_idx').on(t.teamId, t.createdAt)],
);
