import { canMoveJob, JOB_MAX_ATTEMPTS, jobRetryDelayMs, type JobReport } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { ThreadService } from '../records/index.js';
import * as q from './devices.queries.js';

const STRANDED_ERROR = 'The device went offline before confirming this text.';

type Move = q.JobMove & { counted: boolean; sentAt: Date | null };

/** A text that reached the network, for the team's outbound hook. */
export type OutboundText = {
  body: string;
  from: string;
  to: string;
  at: Date;
  messageId?: string | null;
  itemId?: string | null;
};

/** A text reached its phone or failed for good (webhook events `message.delivered` / `message.failed`). */
export type TextOutcome = {
  messageId: string;
  itemId: string;
  status: 'delivered' | 'failed';
  error: string | null;
  at: Date;
};

/**
 * What devices say about the texts they were given: each report moves its job forward (a retryable
 * failure goes back to the queue, later), the thread shows the new status, the outbound hook hears of
 * each text sent; and the jobs of a device away too long fail.
 */
export function createSmsReports(deps: {
  db: Db;
  /** The device flood's own pool (delivery reports). */
  dispatchDb: Db;
  clock: Clock;
  thread: Pick<ThreadService, 'setMessageStatus'>;
  realtime: Realtime;
  outboundHook: (teamId: string, text: OutboundText) => Promise<void>;
  outcomeHook: (teamId: string, outcome: TextOutcome) => void;
  /** Tells the gateway a device has new work. */
  kick: (deviceId: string) => void;
  /** First retry delay after a retryable failure (then doubled). */
  retryBaseMs: number;
}) {
  const { db, dispatchDb, clock, realtime } = deps;
  const retryDelay = (attempt: number) => (jobRetryDelayMs(attempt) / 30_000) * deps.retryBaseMs;

  /**
   * Each job's reports of a batch fold into one move from the state it was read in; the UPDATE only
   * applies a move whose job is still in that state, so a batch applied twice changes nothing twice.
   */
  function foldReports(jobs: Map<string, q.JobRow>, reports: JobReport[], now: Date) {
    const moves = new Map<string, Move>();
    for (const report of reports) {
      const job = jobs.get(report.id);
      if (!job) continue;
      const current = moves.get(job.id);
      const state = current?.state ?? job.state;
      const attempt = current?.attempt ?? job.attempt;
      if (!canMoveJob(state, report.state, { job: attempt, report: report.attempt })) continue;
      const base = current ?? { id: job.id, from: job.state, counted: false, sentAt: null };
      if (report.state === 'failed' && report.retryable && attempt < JOB_MAX_ATTEMPTS) {
        moves.set(job.id, {
          ...base,
          state: 'queued',
          attempt: attempt + 1,
          nextAttemptAt: new Date(now.getTime() + retryDelay(attempt)),
          error: report.error ?? null,
          doneAt: null,
        });
        continue;
      }
      const sentNow = report.state === 'sent' || (report.state === 'delivered' && state !== 'sent');
      moves.set(job.id, {
        ...base,
        state: report.state,
        attempt,
        nextAttemptAt: null,
        error: report.error ?? null,
        doneAt: report.state === 'sent' ? null : now,
        counted: base.counted || sentNow,
        sentAt: sentNow ? new Date(report.at) : base.sentAt,
      });
    }
    return moves;
  }

  /**
   * Reports of several devices applied together: one read, one statement, then the events. A device's
   * reports only move its own jobs; `read` is the jobs as the caller already read them, if it did.
   */
  async function applyMany(batch: { device: q.DeviceRow; reports: JobReport[] }[], read?: q.JobRow[]) {
    const ids = [...new Set(batch.flatMap((b) => b.reports.map((r) => r.id)))];
    const jobs = read ?? (await q.jobsByIds(dispatchDb, ids));
    const now = clock.now();
    const moves: (Move & { deviceId: string })[] = [];
    for (const { device, reports } of batch) {
      const own = new Map(jobs.filter((j) => j.deviceId === device.id).map((j) => [j.id, j]));
      for (const m of foldReports(own, reports, now).values()) moves.push({ ...m, deviceId: device.id });
    }
    if (moves.length === 0) return;
    const rows = await q.applyMoves(dispatchDb, moves, now);
    const byId = new Map(moves.map((m) => [m.id, m]));
    const moved = rows.map((r) => ({ ...r, move: byId.get(r.id)! }));
    const audiences = new Map<string, (itemId: string) => string[]>();
    for (const teamId of new Set(moved.map((r) => r.teamId)))
      audiences.set(
        teamId,
        await realtime.recordAudience(
          teamId,
          moved.flatMap((r) => (r.teamId === teamId && r.itemId ? [r.itemId] : [])),
        ),
      );
    for (const r of moved) {
      if (r.state !== 'queued' && r.messageId && r.itemId)
        realtime.toRooms(audiences.get(r.teamId)!(r.itemId), 'messageStatus', {
          itemId: r.itemId,
          messageId: r.messageId,
          status: r.state,
        });
      if (r.move.counted)
        await deps.outboundHook(r.teamId, {
          body: r.body,
          from: r.fromValue,
          to: r.to,
          at: r.move.sentAt ?? now,
          messageId: r.messageId,
          itemId: r.itemId,
        });
      if ((r.state === 'delivered' || r.state === 'failed') && r.messageId && r.itemId)
        deps.outcomeHook(r.teamId, {
          messageId: r.messageId,
          itemId: r.itemId,
          status: r.state,
          error: r.move.error,
          at: now,
        });
    }
    for (const deviceId of new Set(moves.map((m) => m.deviceId))) deps.kick(deviceId);
  }

  return {
    /** A device's reports: states only move forward; repeats and other devices' jobs are ignored. */
    applyReports: (device: q.DeviceRow, reports: JobReport[]) => applyMany([{ device, reports }]),

    /** Several devices' reports in one go (a burst of the app phones' webhooks), read beforehand or not. */
    applyReportsOfMany: applyMany,

    /** Fails accepted jobs of devices away longer than `awayMs`; their messages show 'failed'. */
    async failStranded(awayMs: number) {
      const now = clock.now();
      const failed = await q.failStranded(db, new Date(now.getTime() - awayMs), now, STRANDED_ERROR);
      for (const f of failed) {
        if (!f.messageId || !f.itemId) continue;
        await deps.thread.setMessageStatus(f.messageId, 'failed');
        await realtime.toRecord(f.teamId, f.itemId, 'messageStatus', {
          itemId: f.itemId,
          messageId: f.messageId,
          status: 'failed',
        });
        deps.outcomeHook(f.teamId, {
          messageId: f.messageId,
          itemId: f.itemId,
          status: 'failed',
          error: STRANDED_ERROR,
          at: now,
        });
      }
      return failed.length;
    },
  };
}
