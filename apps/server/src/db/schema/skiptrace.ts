import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { lists } from './lists.js';
import { items } from './records.js';
import { teams, users } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A list-wide skip trace: claimed and leased like an import, its figures kept with each batch's
 * commit. `price` is one hit's, in credit units, fixed when it starts.
 */
export const skiptraceRuns = pgTable(
  'skiptrace_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<'single' | 'multi'>().notNull(),
    price: integer('price').notNull(),
    state: text('state').$type<'running' | 'done' | 'cancelled' | 'stopped'>().notNull(),
    reason: text('reason'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    hits: integer('hits').notNull().default(0),
    landlines: integer('landlines').notNull().default(0),
    dnc: integer('dnc').notNull().default(0),
    /** Credit units charged. */
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    claimedBy: text('claimed_by'),
    claimedAt: ts('claimed_at'),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('skiptrace_runs_list_idx').on(t.listId, t.createdAt.desc()),
    index('skiptrace_runs_state_idx').on(t.state),
  ],
);

/**
 * A run's properties: pending, sent in a batch (`batchId`, whose hold covers them), or done. A batch
 * still open when a run resumes was never stored: its hold is released and its properties are pending
 * again; a done property is never sent again.
 */
export const skiptraceRunItems = pgTable(
  'skiptrace_run_items',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => skiptraceRuns.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    state: text('state').$type<'pending' | 'sent' | 'done'>().notNull().default('pending'),
    batchId: uuid('batch_id'),
    hit: boolean('hit'),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.itemId] }),
    index('skiptrace_run_items_state_idx').on(t.runId, t.state, t.position),
  ],
);

/** A batch sent to the provider and the ledger hold that covers its worst case. */
export const skiptraceBatches = pgTable('skiptrace_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  runId: uuid('run_id')
    .notNull()
    .references(() => skiptraceRuns.id, { onDelete: 'cascade' }),
  holdId: uuid('hold_id').notNull(),
  state: text('state').$type<'open' | 'stored'>().notNull(),
  createdAt: ts('created_at').notNull(),
});
