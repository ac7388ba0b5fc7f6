import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { AvatarType, ChatKind } from '@prospector/core';
import { teams, users } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A team's chats (issue 20): one room for everyone, a direct chat per pair of members (`directKey`,
 * the two ids sorted), and one support chat with our staff. `lastSeq` is the newest message's
 * sequence: a sender takes the next one by incrementing it in the transaction that stores the
 * message, so the row's lock orders a chat's messages across any number of processes.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ChatKind>().notNull(),
    directKey: text('direct_key'),
    lastSeq: integer('last_seq').notNull().default(0),
    lastBody: text('last_body'),
    lastAt: ts('last_at'),
    /** Support: when the team's oldest message no staff answered was written (null: answered). */
    supportWaitingSince: ts('support_waiting_since'),
    /** Support: when the staff were e-mailed about that wait (once per wait). */
    supportAlertedAt: ts('support_alerted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chats_team_kind_idx')
      .on(t.teamId, t.kind)
      .where(sql`${t.kind} in ('team', 'support')`),
    uniqueIndex('chats_direct_idx').on(t.teamId, t.directKey),
    index('chats_support_wait_idx')
      .on(t.supportWaitingSince)
      .where(sql`${t.supportWaitingSince} is not null and ${t.supportAlertedAt} is null`),
  ],
);

/**
 * Who is in a chat, and how far each has read. `staff` rows are our staff's read state of a support
 * chat (they read every team's; they are not its members).
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staff: boolean('staff').notNull().default(false),
    lastReadSeq: integer('last_read_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

export type ChatImage = {
  file: string;
  thumb: string;
  type: AvatarType;
  width: number;
  height: number;
  bytes: number;
};

/** A chat's messages, numbered 1, 2, 3… per chat. A sender who left the team keeps the name they wrote under. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull().default(''),
    fromSupport: boolean('from_support').notNull().default(false),
    body: text('body').notNull().default(''),
    image: jsonb('image').$type<ChatImage>(),
    system: text('system').$type<'joined' | 'left'>(),
    records: jsonb('records').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('chat_messages_seq_idx').on(t.chatId, t.seq)],
);
