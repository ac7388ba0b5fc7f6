import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BulkActionType, BulkSkipped } from '@prospector/core';
import { teams, users } from './teams.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One bulk action over a selection (issue 32 item 2, ADR 037). Its records are fixed at creation in
 * `bulk_job_items`; a worker leases the job (`claimed_by`, `claimed_at`) and changes them in chunks
 * in id order, each chunk committing its changes, the counts and `cursor` (the last id done) in one
 * transaction, so a job resumed after a crash starts after the last committed chunk.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').$type<BulkActionType>().notNull(),
    /** The action's argument: the member, status or list id; null for dnc and delete. */
    targetId: uuid('target_id'),
    /** The member's, status's or list's name when the job was created, for the result line. */
    targetName: text('target_name'),
    state: text('state').$type<'running' | 'done' | 'failed' | 'undone'>().notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    skipped: jsonb('skipped').$type<BulkSkipped>().notNull().default({}),
    cursor: uuid('cursor'),
    result: text('result'),
    claimedBy: uuid('claimed_by'),
    claimedAt: ts('claimed_at'),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
    undoneAt: ts('undone_at'),
  },
  (t) => [
    index('bulk_jobs_running_idx')
      .on(t.createdAt)
      .where(sql`state = 'running'`),
    index('bulk_jobs_team_idx').on(t.teamId, t.createdAt),
  ],
);

/**
 * The records of a job, fixed when it starts; `changed` marks those it changed (what Undo restores, a
 * campaign's audience, an export's rows).
 */
export const bulkJobItems = pgTable(
  'bulk_job_items',
  {
    /** No foreign keys (migration 0053): a trigger removes a job's rows with it. */
    jobId: uuid('job_id').notNull(),
    teamId: uuid('team_id').notNull(),
    itemId: uuid('item_id').notNull(),
    outcome: text('outcome'),
    /** An export job's CSV line for the record, written with its outcome (migration 0053). */
    line: text('line'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.itemId] })],
);

export type BulkJobRow = typeof bulkJobs.$inferSelect;
