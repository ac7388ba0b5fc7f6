import { z } from 'zod';
import { BULK_ACTIONS, BULK_MAX_IDS, BULK_SKIP_REASONS } from '../../rules/bulk.js';
import { defineEndpoint } from '../endpoint.js';
import { inboxQuery } from '../records/inbox.js';
import { text } from '../text.js';

/**
 * Which records a bulk action takes: the ids a member ticked, or every record that matches the
 * filter a screen sends to its own list call (the same shapes, read by the same query builders), so
 * "all 1,240 that match" is counted and changed on the server, across pages.
 */
export const bulkSelection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ids'), ids: z.array(z.uuid()).min(1).max(BULK_MAX_IDS) }),
  z.object({ kind: z.literal('messenger'), filter: inboxQuery.omit({ skip: true }) }),
  z.object({
    kind: z.literal('board'),
    /** The board's column: its status, and the member filter the board sends. */
    filter: z.object({ filterBy: z.uuid().nullish(), status: z.uuid() }),
  }),
  z.object({
    kind: z.literal('list'),
    filter: z.object({
      listId: z.uuid(),
      type: z.enum(['property', 'contact', 'company']).default('property'),
      search: text().max(200).optional(),
    }),
  }),
]);
export type BulkSelection = z.infer<typeof bulkSelection>;

export const bulkAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('assign'), memberId: z.uuid() }),
  z.object({ type: z.literal('unassign'), memberId: z.uuid() }),
  z.object({ type: z.literal('setStatus'), statusId: z.uuid() }),
  z.object({ type: z.literal('addToList'), listId: z.uuid() }),
  z.object({ type: z.literal('dnc') }),
  z.object({ type: z.literal('delete') }),
  /**
   * Into a caller's power-dialler queue (the calls module's rules): the author's, or for an admin the
   * chosen member's (`memberId`; rules/bulk.ts bulkQueueCallerAllowed).
   */
  z.object({ type: z.literal('queueCalls'), memberId: z.uuid().optional() }),
  /** Freezes the reachable contacts as a campaign's audience (launchCampaign's `audienceJobId`). */
  z.object({ type: z.literal('campaign') }),
  /** A CSV of the contacts, read with exportBulk once the job is done. */
  z.object({ type: z.literal('export') }),
]);
export type BulkAction = z.infer<typeof bulkAction>;

export const bulkJobDto = z.object({
  _id: text(),
  action: z.enum(BULK_ACTIONS),
  state: z.enum(['running', 'done', 'failed', 'undone']),
  total: z.number().int(),
  done: z.number().int(),
  changed: z.number().int(),
  skipped: z.partialRecord(z.enum(BULK_SKIP_REASONS), z.number().int()),
  /** "1,240 assigned to Maya; 3 skipped: no permission" once finished; null while running. */
  result: text().nullable(),
  /** Until when a delete can be undone (ISO); null for other actions and once undone. */
  undoUntil: text().nullable(),
  createdAt: text(),
});
export type BulkJobDto = z.infer<typeof bulkJobDto>;

/**
 * Starts one bulk job: the selection is fixed when the job is created (records matching the filter
 * later are not taken), then changed on the server in chunks, with `bulkProgress` events to the
 * member who started it.
 */
export const startBulk = defineEndpoint({
  method: 'POST',
  path: '/api/bulk/start',
  auth: true,
  body: z.object({ selection: bulkSelection, action: bulkAction }),
  response: bulkJobDto,
});

/** How many records a selection holds for the caller (for "Select all N that match"). */
export const countBulk = defineEndpoint({
  method: 'POST',
  path: '/api/bulk/count',
  auth: true,
  body: z.object({ selection: bulkSelection }),
  response: z.object({ count: z.number().int() }),
});

/** A job of the caller's team, as its author sees it. */
export const getBulkJob = defineEndpoint({
  method: 'GET',
  path: '/api/bulk/job/:id',
  auth: true,
  params: z.object({ id: z.uuid() }),
  response: bulkJobDto,
});

/** Brings back the records a delete job hid, within BULK_UNDO_MS of its end. */
export const undoBulk = defineEndpoint({
  method: 'POST',
  path: '/api/bulk/undo',
  auth: true,
  body: z.object({ jobId: z.uuid() }),
  response: bulkJobDto,
});

/**
 * The CSV an export job produced (the Export screen's columns), once it is done: its lines were
 * written by the job's chunks, so the file is exactly the records it counted as exported.
 */
export const exportBulk = defineEndpoint({
  method: 'GET',
  path: '/api/bulk/job/:id/export',
  auth: true,
  params: z.object({ id: z.uuid() }),
  response: z.object({ fileName: text(), csv: text(), rows: z.number().int() }),
});
