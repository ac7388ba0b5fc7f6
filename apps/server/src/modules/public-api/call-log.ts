import type { Db } from '../../db/client.js';
import { withAllTeams } from '../../lib/team-scope.js';
import type { AuditEntry, AuditService } from '../audit/index.js';
import * as q from './api-keys.queries.js';

/** What a v1 call leaves behind when it answers: its audit row, and its Idempotency-Key's outcome. */
export type CallRecord = {
  audit: AuditEntry;
  idempotency?: { apiKeyId: string; key: string; status: number; response: unknown } | undefined;
  /** The key's first request failed: its reservation is dropped, so a retry runs again. */
  release?: { apiKeyId: string; key: string } | undefined;
};

type Pending = { record: CallRecord; done: () => void; failed: (err: unknown) => void };

/** At most this many calls a transaction. */
const MAX_BATCH = 500;

/**
 * The v1 calls' records, committed together (ADR 043 addendum 2). Each call's audit row and its
 * Idempotency-Key's answer were a commit of their own, each fsync'd; calls that answer while a
 * transaction runs wait for it and then go in the next one, together (group commit), so a busy key
 * costs one commit per batch, not per call. A call's answer leaves only once its records committed.
 * Batches mix teams: they run with all teams (ADR 028).
 */
export function createCallLog(deps: { db: Db; audit: AuditService }) {
  const waiting: Pending[] = [];
  let running = false;

  async function write(batch: Pending[]) {
    await deps.db.transaction(async (tx) => {
      await deps.audit.recordAll(
        tx,
        batch.map((p) => p.record.audit),
      );
      for (const { record } of batch) {
        if (record.idempotency) await q.answerIdempotent(tx, record.idempotency);
        if (record.release) await q.releaseIdempotent(tx, record.release);
      }
    });
  }

  async function drain() {
    running = true;
    try {
      while (waiting.length) {
        const batch = waiting.splice(0, MAX_BATCH);
        try {
          await write(batch);
          for (const p of batch) p.done();
        } catch (err) {
          for (const p of batch) p.failed(err);
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    write(record: CallRecord) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ record, done: resolve, failed: reject });
        if (!running) void withAllTeams(() => drain());
      });
    },
  };
}
