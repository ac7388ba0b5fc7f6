import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReplyActionSettings, ReplyLabel } from '@prospector/core';
import { items, messages } from './records.js';
import { users } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A received text's label (issue 31; owned by modules/replies): what the rules and the team's model said
 * (`modelLabel`, kept to measure the model on the team's corrections), and the label that stands, which a
 * member may have corrected (`source` 'member').
 */
export const replyLabels = pgTable(
  'reply_labels',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    // No foreign key to teams: the row cascades from its message and item (as messages do).
    teamId: uuid('team_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    label: text('label').$type<ReplyLabel>().notNull(),
    confidence: real('confidence').notNull(),
    needsLook: boolean('needs_look').notNull(),
    source: text('source').$type<'rule' | 'model' | 'member'>().notNull(),
    modelLabel: text('model_label').$type<ReplyLabel>().notNull(),
    correctedBy: uuid('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    correctedAt: ts('corrected_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    // The Messenger's counts and filters per label, and the "needs a look" tab.
    index('reply_labels_team_label_idx').on(t.teamId, t.label, t.createdAt.desc()),
    // The Messenger's "Needs a look" tab and its count: the few labels a member should look at.
    index('reply_labels_look_idx')
      .on(t.teamId, t.itemId)
      .where(sql`${t.needsLook}`),
    // A record's latest labelled reply (the board card's temperature).
    index('reply_labels_item_idx').on(t.itemId, t.createdAt.desc()),
    // A team's corrections, newest first (its model's learning and its accuracy on them).
    index('reply_labels_corrections_idx')
      .on(t.teamId, t.correctedAt)
      .where(sql`${t.correctedAt} is not null`),
  ],
);

/** What an applied reply action changed, so Undo can put it back. */
export type ReplyActionUndo = {
  /** The identifier marked Wrong #, with its status and primary mark before. */
  identifier?: { id: string; status: string | null; primary: boolean };
  /** The record's status before it was moved (null: none), and the one it was moved to. */
  status?: { before: string | null; after: string };
  /** The open tasks closed ("no more follow-ups"). */
  closedTaskIds?: string[];
  /** The task added (a call-back or a follow-up). */
  taskId?: string;
};

/**
 * The automatic actions one labelled reply got (issue 31, item 4; owned by modules/replies): the system
 * message that shows them in the thread, and what Undo puts back.
 */
export const replyActions = pgTable(
  'reply_actions',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => replyLabels.messageId, { onDelete: 'cascade' }),
    teamId: uuid('team_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    label: text('label').$type<ReplyLabel>().notNull(),
    systemMessageId: uuid('system_message_id').references(() => messages.id, { onDelete: 'set null' }),
    undo: jsonb('undo').$type<ReplyActionUndo>().notNull(),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
    undoneAt: ts('undone_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('reply_actions_item_idx').on(t.itemId)],
);

/** A team's choices of reply actions (issue 31, item 4); a team without a row has the defaults. */
export const replyActionSettings = pgTable('reply_action_settings', {
  teamId: uuid('team_id').primaryKey(),
  settings: jsonb('settings').$type<Partial<ReplyActionSettings>>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});
