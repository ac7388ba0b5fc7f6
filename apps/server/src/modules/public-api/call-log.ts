import type { Db } from '../../db/client.js';
import { createCoalescer } from '../../lib/coalesce.js';
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

/**
 * The v1 calls' records, committed together (ADR 043 addendum 2). Each call's audit row and its
 * Idempotency-Key's answer were a commit of their own, each fsync'd; calls that answer while a
 * transaction runs wait for it and then go in the next one, together (group commit, `createCoalescer`
 * under one key), so a busy key costs one commit per batch, not per call. A call's answer leaves only
 * once its records committed. Batches mix teams: they run with all teams (ADR 028).
 */
export function createCallLog(deps: { db: Db; audit: AuditService }) {
  const write = createCoalescer<CallRecord, void>((_all, records) =>
    withAllTeams(() =>
      deps.db.transaction(async (tx) => {
        await deps.audit.recordAll(
          tx,
          records.map((r) => r.audit),
        );
        for (const record of records) {
          if (record.idempotency) await q.answerIdempotent(tx, record.idempotency);
          if (record.release) await q.releaseIdempotent(tx, record.release);
        }
        return records.map(() => undefined);
      }),
    ),
  );
  return { write: (record: CallRecord) => write('all', record) };
}
