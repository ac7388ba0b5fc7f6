import {
  bulkActionAllowed,
  bulkQueueCallerAllowed,
  bulkReachesContacts,
  can,
  canUndoBulk,
  type BulkAction,
  type BulkActionType,
  type BulkJobDto,
  type BulkSelection,
} from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, Refused, refusable, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import { boardMemberFilter } from './board.service.js';
import type { BulkEngine, BulkPorts } from './bulk.engine.js';
import { toBulkJobDto } from './bulk.mappers.js';
import * as bq from './bulk.queries.js';
import type { RecordsErrorCode } from './records.errors.js';
import { seesAllData } from './records.access.js';
import { inboxFilter } from './inbox.service.js';

export type BulkService = ReturnType<typeof createBulkService>;
type R<T> = Promise<Result<T, RecordsErrorCode>>;

/** A selection this large has its rows' statistics read at once (`analyzeJobItems`). */
const ANALYZE_FROM = 20_000;

type CreatedJob = Awaited<ReturnType<typeof bq.insertJob>>;

/** The order of an export's blocks when a selection holds several kinds of record. */
const EXPORT_KINDS = ['contact', 'property', 'company'] as const;

/** Bulk actions (issue 32 item 2, ADR 037): start a job over a selection, read it, undo a delete. */
export function createBulkService(deps: {
  db: Db;
  clock: Clock;
  engine: Pick<BulkEngine, 'kick'>;
  realtime: () => Realtime;
  ports: () => Pick<BulkPorts, 'exportHeader'>;
}) {
  const { db, clock } = deps;

  /** The selection as the screen's own list call reads it for this caller. */
  async function selectionWhere(
    auth: AuthContext,
    s: BulkSelection,
  ): Promise<Result<bq.SelectionWhere, RecordsErrorCode>> {
    switch (s.kind) {
      case 'ids':
        return ok({ kind: 'ids', teamId: auth.teamId, ids: s.ids });
      case 'messenger': {
        if (!can(auth.user, 'messenger')) return fail('PERMISSION_REQUIRED');
        const { viewerId: _viewer, ...filter } = inboxFilter(auth, s.filter);
        return ok({ kind: 'messenger', filter });
      }
      case 'board':
        return ok({
          kind: 'board',
          teamId: auth.teamId,
          statusId: s.filter.status,
          memberId: await boardMemberFilter(db, auth, s.filter.filterBy),
        });
      case 'list':
        return ok({
          kind: 'list',
          teamId: auth.teamId,
          listId: s.filter.listId,
          type: s.filter.type,
          search: s.filter.search?.trim() ?? '',
          memberId: seesAllData(auth) ? null : auth.userId,
        });
    }
  }

  async function target(
    auth: AuthContext,
    action: BulkAction,
  ): Promise<Result<{ id: string | null; name: string | null }, RecordsErrorCode>> {
    if (action.type === 'queueCalls') return queueCaller(auth, action.memberId ?? auth.userId);
    const kind =
      action.type === 'assign' || action.type === 'unassign'
        ? ({ kind: 'member', id: action.memberId } as const)
        : action.type === 'setStatus'
          ? ({ kind: 'status', id: action.statusId } as const)
          : action.type === 'addToList'
            ? ({ kind: 'list', id: action.listId } as const)
            : null;
    if (!kind) return ok({ id: null, name: null });
    const name = await bq.targetName(db, auth.teamId, kind.kind, kind.id);
    return name === null ? fail('BULK_TARGET_NOT_FOUND') : ok({ id: kind.id, name });
  }

  /** The member whose queue a "Queue for calls" job fills (rules/bulk.ts bulkQueueCallerAllowed). */
  async function queueCaller(
    auth: AuthContext,
    callerId: string,
  ): Promise<Result<{ id: string; name: string }, RecordsErrorCode>> {
    const caller = await bq.teamCaller(db, auth.teamId, callerId);
    if (!caller) return fail('BULK_TARGET_NOT_FOUND');
    const author = { userId: auth.userId, role: auth.user.role, permissions: auth.user.permissions };
    const allowed = bulkQueueCallerAllowed(author, { userId: callerId, ...caller });
    if (allowed === 'not_own_queue') return fail('BULK_OWN_QUEUE_ONLY');
    if (allowed === 'not_a_caller') return fail('BULK_NOT_A_CALLER');
    return ok({ id: callerId, name: caller.name });
  }

  const ownJob = (auth: AuthContext, id: string) => findOwnBulkJob(db, auth, id);

  return {
    async count(auth: AuthContext, selection: BulkSelection): R<{ count: number }> {
      const where = await selectionWhere(auth, selection);
      if (!where.ok) return where;
      return ok({ count: await bq.countSelection(db, where.value) });
    },

    async start(auth: AuthContext, input: { selection: BulkSelection; action: BulkAction }): R<BulkJobDto> {
      if (!bulkActionAllowed(auth.user, input.action.type)) return fail('PERMISSION_REQUIRED');
      const where = await selectionWhere(auth, input.selection);
      if (!where.ok) return where;
      const t = await target(auth, input.action);
      if (!t.ok) return t;
      const job = await refusable<CreatedJob, RecordsErrorCode>(() =>
        insertSelectedJob(db, auth, {
          action: input.action.type,
          targetId: t.value.id,
          targetName: t.value.name,
          now: clock.now(),
          where: where.value,
        }),
      );
      if (!job.ok) return job;
      if (job.value.total >= ANALYZE_FROM) await bq.analyzeJobItems(db);
      deps.engine.kick();
      return ok(toBulkJobDto(job.value));
    },

    async get(auth: AuthContext, id: string): R<BulkJobDto> {
      const job = await ownJob(auth, id);
      return job ? ok(toBulkJobDto(job)) : fail('BULK_JOB_NOT_FOUND');
    },

    /**
     * An export job's CSV (header and the lines its chunks wrote), once it is done. Properties and
     * companies are exported as themselves, under their own header; a selection of several kinds
     * (only explicit ids can be one) gives each kind its header and lines, one block after another.
     */
    async exportFile(auth: AuthContext, id: string): R<{ fileName: string; csv: string; rows: number }> {
      const job = await ownJob(auth, id);
      if (!job || job.action !== 'export') return fail('BULK_JOB_NOT_FOUND');
      if (job.state !== 'done') return fail('BULK_EXPORT_NOT_READY');
      const lines = await bq.exportLinesOf(db, job.id);
      const kinds = EXPORT_KINDS.filter((k) => lines.some((l) => l.type === k));
      const blocks = (kinds.length ? kinds : ['contact']).map((k) => [
        deps.ports().exportHeader(k),
        ...lines.filter((l) => l.type === k).map((l) => l.line),
      ]);
      const day = job.createdAt.toISOString().slice(0, 10);
      return ok({
        fileName: `Selection ${day}.csv`,
        csv: blocks.map((b) => b.join('\r\n') + '\r\n').join('\r\n'),
        rows: lines.length,
      });
    },

    async undo(auth: AuthContext, id: string): R<BulkJobDto> {
      const job = await ownJob(auth, id);
      if (!job || job.action !== 'delete') return fail('BULK_JOB_NOT_FOUND');
      if (!canUndoBulk(job, clock.now())) return fail('BULK_UNDO_EXPIRED');
      const undone = await db.transaction((tx) => bq.undoDelete(tx, job.id, clock.now()));
      if (!undone) return fail('BULK_UNDO_EXPIRED');
      const dto = toBulkJobDto(undone);
      deps.realtime().toUser(job.userId, 'bulkProgress', { job: dto });
      return ok(dto);
    },
  };
}

/** A job is its author's (and the team's admins'); anyone else is told it does not exist. */
async function findOwnBulkJob(db: Db, auth: AuthContext, id: string) {
  const job = await bq.findJob(db, auth.teamId, id);
  if (!job || (job.userId !== auth.userId && auth.user.role !== 'admin')) return null;
  return job;
}

/**
 * A campaign's audience "these N records" (ADR 037 addendum): a finished `campaign` job of the caller
 * (or any of the team's for an admin), as a condition on the campaign's `items i`; null when there is
 * none such. The campaign's own target rules (contacts, usable phone, 'Only assigned') still apply.
 */
export async function bulkAudience(db: Db, auth: AuthContext, jobId: string) {
  const job = await findOwnBulkJob(db, auth, jobId);
  if (!job || job.action !== 'campaign' || job.state !== 'done') return null;
  return bq.audienceWhere(job.id);
}

/**
 * The job with its selection fixed, in one transaction; refused, leaving nothing behind, when nothing is
 * selected, or when the member may touch none of the ticked rows (as one record would be).
 */
async function insertSelectedJob(
  db: Db,
  auth: AuthContext,
  job: {
    action: BulkActionType;
    targetId: string | null;
    targetName: string | null;
    now: Date;
    where: bq.SelectionWhere;
  },
) {
  return db.transaction(async (tx) => {
    const { where, ...fields } = job;
    const created = await bq.insertJob(
      tx,
      { teamId: auth.teamId, userId: auth.userId, ...fields },
      where,
      bulkReachesContacts(job.action),
    );
    // Properties that stand for no contact still get their job, whose line says so.
    // eslint-disable-next-line no-restricted-syntax -- a skip reason's name, as the contract spells it
    const stranded = created.skipped.no_contact ?? 0;
    if (created.total === 0 && stranded === 0) throw new Refused('BULK_NOTHING_SELECTED');
    if (
      !seesAllData(auth) &&
      created.total > 0 &&
      (await bq.countAssigned(tx, created.id, auth.userId)) === 0
    )
      throw new Refused('ITEM_FORBIDDEN');
    return created;
  });
}
