import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { teams, users } from './teams.js';

export type ItemType = 'contact' | 'property' | 'company';
export type FieldValue = string | number | boolean | null;

const ts = (name: string) => timestamp(name, { withTimezone: true });
/** Every tenant row carries its team; deleting a team deletes its rows. */
/**
 * team_id without a foreign key, on rows that already cascade from their item: the check cost about a
 * tenth of an import's database time and protected nothing the item's key does not.
 */
const teamOf = () => uuid('team_id').notNull();
const teamRef = () =>
  uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

/** Lead statuses of a team: the board's columns. Built-ins: Not contacted, DNC, Wrong number. */
export const statuses = pgTable(
  'statuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    text: text('text').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    position: integer('position').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('statuses_team_text_key').on(t.teamId, sql`lower(${t.text})`)],
);

/** Contacts, properties and companies. System field values live in `data` under the spec's names. */
export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    type: text('type').$type<ItemType>().notNull(),
    statusId: uuid('status_id').references(() => statuses.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, FieldValue>>().notNull().default({}),
    /** Custom field values by field id. */
    custom: jsonb('custom').$type<Record<string, FieldValue | FieldValue[]>>().notNull().default({}),
    assignedTo: uuid('assigned_to')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    pushedToCrm: boolean('pushed_to_crm').notNull().default(false),
    queued: boolean('queued').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    /** Kept by the tasks service so the board can sort on an index. */
    openTaskCount: integer('open_task_count').notNull().default(0),
    firstOpenTaskDue: ts('first_open_task_due'),
    lastMessage: jsonb('last_message').$type<{
      body: string;
      createdAt: string;
      leadIdt: string | null;
      /** 'in' for a reply, 'out' for a text sent (the Messenger's Sent and Received tabs). */
      direction?: 'in' | 'out';
    } | null>(),
    /** Texts received that no member has read yet (opening the record reads them, for the whole team). */
    unreadSms: integer('unread_sms').notNull().default(0),
    /** When the team last texted this record (the campaign builder's 'last contacted' filter). */
    lastContactedAt: ts('last_contacted_at'),
    lastActivityAt: ts('last_activity_at').notNull(),
    /**
     * The record's own photo (issue 23): the file's name under DATA_DIR/photos, its type by its bytes,
     * and the address it was uploaded for. Null: the property shows its street view or a placeholder.
     */
    image: jsonb('image').$type<{ file: string; type: string; bytes: number; address: string } | null>(),
    /** Coordinates cached from the maps service, with the address they are for (a new address asks again). */
    location: jsonb('location').$type<{ lat: number; lng: number; address: string } | null>(),
    /** Lower-cased names and address, trigram-indexed for search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    // Migration 0002 re-creates this index with INCLUDE (first_open_task_due, open_task_count, queued, hidden).
    index('items_board_idx').on(t.teamId, t.statusId, t.lastActivityAt.desc(), t.id),
    index('items_team_type_idx').on(t.teamId, t.type),
    index('items_assigned_idx').using('gin', t.assignedTo),
    index('items_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The Messenger: records with a text, latest first; and the unread ones, counted for the badge.
    index('items_inbox_idx')
      .on(t.teamId, t.lastActivityAt.desc(), t.id)
      .where(sql`${t.lastMessage} is not null`),
    index('items_unread_idx')
      .on(t.teamId)
      .where(sql`${t.unreadSms} > 0`),
  ],
);

/** Phones (E.164) and e-mails (lower-cased) of contacts; a value belongs to one contact per team. */
export const identifiers = pgTable(
  'identifiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamOf(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    isEmail: boolean('is_email').notNull().default(false),
    primary: boolean('primary').notNull().default(false),
    status: text('status').$type<'' | 'DNC' | 'Wrong #'>().notNull().default(''),
    sentFrom: text('sent_from'),
    apple: boolean('apple').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Where the value came from: null for imported or typed, 'skiptrace' for a skip trace's. */
    source: text('source').$type<'skiptrace'>(),
    /** A phone's line type as its source gave it (a skip trace); null when unknown. */
    lineType: text('line_type').$type<'mobile' | 'landline' | 'other'>(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('identifiers_team_value_key').on(t.teamId, t.value),
    index('identifiers_item_idx').on(t.itemId),
    index('identifiers_value_trgm_idx').using('gin', sql`${t.value} gin_trgm_ops`),
  ],
);

/** Undirected links between items, stored in both directions. */
export const itemLinks = pgTable(
  'item_links',
  {
    teamId: teamOf(),
    fromId: uuid('from_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    toId: uuid('to_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fromId, t.toId] })],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    completed: boolean('completed').notNull().default(false),
    due: ts('due'),
    assignedTo: uuid('assigned_to')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('tasks_item_idx').on(t.itemId, t.completed, t.due)],
);

/** Thread of a record: comments, SMS in and out, system messages. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull().default('out'),
    phone: text('phone'),
    sentFrom: text('sent_from'),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    comment: boolean('comment').notNull().default(false),
    isIm: boolean('is_im').notNull().default(false),
    status: text('status'),
    system: boolean('system').notNull().default(false),
    due: ts('due'),
    file: text('file'),
    vmUrl: text('vm_url'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('messages_item_idx').on(t.itemId, t.createdAt.desc()),
    // The team's texts received in a period (the KPIs' replies and opt-outs per day).
    index('messages_team_in_idx')
      .on(t.teamId, t.createdAt)
      .where(sql`${t.direction} = 'in'`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    /** The recipient. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    body2: text('body2'),
    target: text('target').$type<'item'>().notNull().default('item'),
    targetId: uuid('target_id'),
    seen: boolean('seen').notNull().default(false),
    read: boolean('read').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_target_idx')
      .on(t.userId, t.targetId)
      .where(sql`not ${t.read}`),
  ],
);

export type SectionField = {
  _id: string;
  name: string;
  type: 'Text' | 'Number' | 'Category' | 'Date' | 'Link' | 'Location' | 'Email' | 'Phone';
  options: string[];
  config: { multipick?: boolean; inline?: boolean; multiline?: boolean; maps?: boolean };
  system: boolean;
};
export type Section = {
  _id: string;
  name: string;
  hidden: boolean;
  users: string[];
  system: boolean;
  fields: SectionField[];
};

/** Sections and fields of one entity for a team, saved whole (PATCH /settings/updateCustomFields). */
export const entitySections = pgTable(
  'entity_sections',
  {
    teamId: teamRef(),
    entity: text('entity').$type<ItemType>().notNull(),
    sections: jsonb('sections').$type<Section[]>().notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.entity] })],
);

/**
 * Each phone's append-only history (issue 32, item 4), by value so it outlives its record. Written only
 * by triggers on identifiers (migration 0047), from the origin the writer set for its transaction.
 */
export const phoneHistory = pgTable(
  'phone_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: teamRef(),
    value: text('value').notNull(),
    itemId: uuid('item_id'),
    event: text('event').$type<'added' | 'status' | 'primary' | 'moved' | 'removed'>().notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    primary: boolean('primary'),
    origin: jsonb('origin').$type<Record<string, string>>().notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('phone_history_team_value_idx').on(t.teamId, t.value, t.id)],
);
