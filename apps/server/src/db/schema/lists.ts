import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImportResult } from '@prospector/core';
import { items, type ItemType } from './records.js';
import { teams, users } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const teamRef = () =>
  uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

/** A column's mapping; `number` when its custom field is of type Number (its cells are read as numbers). */
export type ImportFieldMapping = { name: string; type: ItemType; matchesTo: string; number?: boolean };

/**
 * A spreadsheet a member uploaded, checked and counted, waiting to be imported (or kept as the import's
 * source). Its bytes count against the team's upload quota while it waits or imports; one not imported
 * within UPLOAD_TTL_HOURS is swept with its file.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    teamId: teamRef(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    kind: text('kind').$type<'csv' | 'xlsx'>().notNull(),
    /** Relative to DATA_DIR. */
    path: text('path').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    /** The stored file's size in bytes. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull(),
    /** Set, once, by the import that claimed this upload: a second import of it is refused. */
    importedAt: ts('imported_at'),
  },
  (t) => [index('uploads_team_created_idx').on(t.teamId, t.createdAt)],
);

/** Lists of a team, in the team's order (position ascending). */
export const lists = pgTable(
  'lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamRef(),
    name: text('name').notNull(),
    position: doublePrecision('position').notNull(),
    state: text('state').$type<'importing' | 'imported' | 'failed'>().notNull(),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    totalRows: integer('total_rows').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    propCount: integer('prop_count').notNull().default(0),
    compCount: integer('comp_count').notNull().default(0),
    hits: integer('hits').notNull().default(0),
    landlines: integer('landlines').notNull().default(0),
    dnc: integer('dnc').notNull().default(0),
    cost: doublePrecision('cost').notNull().default(0),
    result: jsonb('result').$type<ImportResult>().notNull(),
    createdAt: ts('created_at').notNull(),
    importedAt: ts('imported_at'),
  },
  (t) => [index('lists_team_position_idx').on(t.teamId, t.position)],
);

/** Which items a list holds (a list links to the team's items; it never copies them). */
export const listItems = pgTable(
  'list_items',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    type: text('type').$type<ItemType>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.type, t.itemId] }), index('list_items_item_idx').on(t.itemId)],
);

/**
 * The background work of an import: claimed with FOR UPDATE SKIP LOCKED, leased by `claimedAt`, and
 * resumed from the list's `rowsDone` (committed with each chunk, so no row is imported twice).
 */
export const importJobs = pgTable('import_jobs', {
  listId: uuid('list_id')
    .primaryKey()
    .references(() => lists.id, { onDelete: 'cascade' }),
  teamId: teamRef(),
  uploadId: uuid('upload_id')
    .notNull()
    .references(() => uploads.id),
  fields: jsonb('fields').$type<ImportFieldMapping[]>().notNull(),
  countryCode: text('country_code').notNull(),
  /** Import only the file's first N data rows (the import's `firstRows`); null: every row. */
  rowLimit: integer('row_limit'),
  state: text('state').$type<'queued' | 'running' | 'done' | 'failed'>().notNull(),
  claimedBy: text('claimed_by'),
  claimedAt: ts('claimed_at'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull(),
});

/**
 * The mapping of a team's last import of each layout of columns: keyed by a hash of the normalised
 * header set (core's headerSetKey), its entries named by normalised header. Applied when a file of the
 * same layout is uploaded again.
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    teamId: teamRef(),
    headerKey: text('header_key').notNull(),
    fields: jsonb('fields').$type<ImportFieldMapping[]>().notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.headerKey] })],
);

/** Phones that are DNC for the whole team: now and in every later import. */
export const dncPhones = pgTable(
  'dnc_phones',
  {
    teamId: teamRef(),
    value: text('value').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.value] })],
);

/**
 * What makes two rows the same record when stacking: a property's normalised address ('p|…'), a
 * company's name ('cn|…') or website host ('cw|…'). Contacts match on their identifiers instead.
 */
export const itemKeys = pgTable(
  'item_keys',
  {
    teamId: uuid('team_id').notNull(), // no FK: the row cascades from its item
    key: text('key').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.key] }),
    index('item_keys_item_idx').on(t.itemId),
    // A street typed without its city finds the team's properties on that street (records' links).
    index('item_keys_street_idx')
      .on(t.teamId, sql`split_part(${t.key}, '|', 2)`)
      .where(sql`${t.key} like 'p|%'`),
  ],
);
