import { BULK_UNDO_MS, type BulkJobDto } from '@prospector/core';
import type { BulkJobRow } from './bulk.queries.js';

export function toBulkJobDto(job: BulkJobRow): BulkJobDto {
  const undoUntil =
    job.action === 'delete' && job.state === 'done' && job.finishedAt
      ? new Date(job.finishedAt.getTime() + BULK_UNDO_MS).toISOString()
      : null;
  return {
    _id: job.id,
    action: job.action,
    state: job.state,
    total: job.total,
    done: job.done,
    changed: job.changed,
    skipped: job.skipped,
    result: job.result,
    undoUntil,
    createdAt: job.createdAt.toISOString(),
  };
}
