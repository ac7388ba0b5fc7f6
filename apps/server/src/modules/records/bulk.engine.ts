import { randomUUID } from 'node:crypto';
import { bulkOutcome, bulkResultText, type BulkSkipped } from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { withAllTeams } from '../../lib/team-scope.js';
import type { Realtime } from '../../plugins/realtime.js';
import { toBulkJobDto } from './bulk.mappers.js';
import * as bq from './bulk.queries.js';

export type BulkEngine = ReturnType<typeof createBulkEngine>;

/**
 * What a job asks of other modules, inside its chunk's transaction (they own the tables): the calls
 * module queues contacts by its own rules, the lists module writes the Export screen's CSV lines and
 * adds records to a list.
 * Wired by the records plugin, read when a chunk runs (those modules are built after this one).
 */
export type BulkPorts = {
  /** Adds the contacts to the member's queue as queueing one by one does; answers the ids it added. */
  enqueueCalls(tx: Db, e: { teamId: string; userId: string; itemIds: string[] }): Promise<string[]>;
  /** The member's queue changed: tell their screens and wake their dialler (after the commit). */
  queueChanged(userId: string): void;
  /**
   * The export line of each record as the viewer may read them: a contact's is the Export screen's
   * (its usable phones), a property's or company's its own fields.
   */
  exportLines(
    tx: Db,
    teamId: string,
    ids: string[],
    viewerId: string | null,
  ): Promise<{ id: string; line: string }[]>;
  /** The header line of an export's records of one kind ('contact', 'property', 'company'). */
  exportHeader(type: string): string;
  /** Adds the records to the list (the lists module's rows and card counts). */
  addToList(tx: Db, listId: string, items: { id: string; type: string }[]): Promise<void>;
};

/** Whose queue a "Queue for calls" job fills: the caller it names, else (older jobs) its author's. */
const queueOwner = (job: bq.BulkJobRow) => job.targetId ?? job.userId;

/**
 * The caller of a "Queue for calls" job for another member, with their access read again at each
 * chunk (a caller restricted meanwhile gets only their own records); null for the author's own queue.
 */
async function callerOf(db: Db, job: bq.BulkJobRow) {
  if (job.action !== 'queueCalls' || !job.targetId || job.targetId === job.userId) return null;
  const access = await bq.authorAccess(db, job.targetId);
  return { userId: job.targetId, seesAllData: access?.seesAllData ?? false };
}

/** The job is no longer this worker's (its lease ran out and another took it): drop the chunk. */
class LeaseLost extends Error {}

/**
 * Runs bulk jobs (ADR 037). A worker leases the oldest running job and walks its fixed records in id
 * order, a chunk per transaction: the chunk's records are locked, each gets its outcome from core's
 * `bulkOutcome` (with the author's access read again, so a member restricted meanwhile changes only
 * their own records), the changed ones are written in one statement, and the cursor and counts move
 * in the same transaction, only while the lease is still this worker's. A process killed mid-way loses
 * at most its open chunk, which is rolled back; whoever takes the job over after the lease starts
 * after the last committed chunk, so every record is changed once.
 */
export function createBulkEngine(deps: {
  db: Db;
  clock: Clock;
  realtime: () => Realtime;
  log: FastifyBaseLogger;
  leaseMs: number;
  chunkSize: number;
  pollMs: number;
  /** False: jobs wait for another process (or a test's `runClaimed`); BULK_ENGINE. */
  enabled: boolean;
  ports: () => BulkPorts;
}) {
  const { db, clock, log } = deps;
  const workerId = randomUUID();
  let loop: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;

  function emit(job: bq.BulkJobRow) {
    deps.realtime().toUser(job.userId, 'bulkProgress', { job: toBulkJobDto(job) });
  }

  /** One chunk in one transaction; null when the job has no record left after its cursor. */
  async function runChunk(job: bq.BulkJobRow): Promise<bq.BulkJobRow | null> {
    const author = await bq.authorAccess(db, job.userId);
    const actor = { userId: job.userId, seesAllData: author?.seesAllData ?? false };
    const caller = await callerOf(db, job);
    return db.transaction(async (tx) => {
      const ids = await bq.chunkIds(tx, job, deps.chunkSize);
      const last = ids.at(-1);
      if (!last) return null;
      const rows = await bq.chunkRecords(tx, job, ids);
      const decide = (r: bq.ChunkRow, queued = false) =>
        bulkOutcome(
          job.action,
          job.targetId,
          {
            assignedTo: r.assigned_to,
            statusId: r.status_id,
            hidden: r.hidden,
            hasPrimary: r.has_primary,
            phones: Number(r.phones),
            dncPhones: Number(r.dnc_phones),
            inList: r.in_list,
            type: r.type,
            usablePhones: Number(r.usable_phones),
            callPhone: r.call_phone,
            queued,
          },
          actor,
          caller,
        );
      let outcomes = rows.map((r) => ({ r, outcome: decide(r) }));
      const changedIds = () => outcomes.filter((o) => o.outcome === 'changed').map((o) => o.r.item_id);
      const kept = await writeChunk(tx, job, actor, changedIds());
      // A contact the calls module did not add is in a queue already (someone's, or this one's from a
      // chunk done before a crash): counted once, as queued, never queued twice.
      if (kept)
        outcomes = outcomes.map((o) =>
          o.outcome === 'changed' && !kept.has(o.r.item_id)
            ? { r: o.r, outcome: job.action === 'queueCalls' ? decide(o.r, true) : 'gone' }
            : o,
        );
      // A record removed from the team since the job started is not read at all.
      const skipped: BulkSkipped = rows.length < ids.length ? { gone: ids.length - rows.length } : {};
      for (const { outcome } of outcomes)
        if (outcome !== 'changed') skipped[outcome] = (skipped[outcome] ?? 0) + 1;
      const next = await bq.advanceJob(tx, {
        jobId: job.id,
        workerId,
        cursor: last,
        done: ids.length,
        changed: changedIds().length,
        skipped,
        now: clock.now(),
      });
      if (!next) throw new LeaseLost();
      return next;
    });
  }

  /**
   * Writes a chunk's changed records, in the records' own tables or through the ports. Answers the
   * ids another module actually took, when it may take fewer than asked (null: all of them).
   */
  async function writeChunk(
    tx: Db,
    job: bq.BulkJobRow,
    actor: { userId: string; seesAllData: boolean },
    ids: string[],
  ): Promise<Set<string> | null> {
    switch (job.action) {
      case 'queueCalls': {
        if (!ids.length) return null;
        const e = { teamId: job.teamId, userId: queueOwner(job), itemIds: ids };
        return new Set(await deps.ports().enqueueCalls(tx, e));
      }
      case 'export': {
        if (!ids.length) return null;
        const viewer = actor.seesAllData ? null : actor.userId;
        const lines = await deps.ports().exportLines(tx, job.teamId, ids, viewer);
        await bq.markLines(tx, job.id, lines);
        return new Set(lines.map((l) => l.id));
      }
      case 'campaign':
        await bq.markChanged(tx, job.id, ids);
        return null;
      case 'addToList':
        if (ids.length && job.targetId)
          await deps.ports().addToList(tx, job.targetId, await bq.itemTypes(tx, ids));
        return null;
      case 'delete':
        await bq.applyAction(tx, job, ids);
        await bq.markChanged(tx, job.id, ids);
        return null;
      default:
        await bq.applyAction(tx, job, ids);
        return null;
    }
  }

  /**
   * Works a claimed job to its end, or for at most `maxChunks` chunks (then the job is left leased,
   * as a process killed there would leave it).
   */
  async function runJob(claimed: bq.BulkJobRow, maxChunks = Infinity) {
    let job = claimed;
    for (let n = 0; n < maxChunks; n++) {
      if (stopping) return bq.releaseJob(db, job.id, workerId);
      const next = await runChunk(job);
      if (!next) {
        const result = bulkResultText({
          action: job.action,
          target: job.targetName,
          changed: job.changed,
          skipped: job.skipped,
        });
        const done = await bq.finishJob(db, { jobId: job.id, workerId, result, now: clock.now() });
        if (done) emit(done);
        return;
      }
      if (job.action === 'queueCalls' && next.changed > job.changed)
        deps.ports().queueChanged(queueOwner(job));
      job = next;
      emit(job);
    }
  }

  async function drain() {
    for (;;) {
      if (stopping) return;
      const job = await bq.claimJob(db, workerId, clock.now(), deps.leaseMs);
      if (!job) return;
      try {
        await runJob(job);
      } catch (err) {
        if (err instanceof LeaseLost) continue;
        log.error({ err, jobId: job.id }, 'bulk job chunk failed');
        await bq.releaseJob(db, job.id, workerId);
        return;
      }
    }
  }

  function kick() {
    if (stopping || !deps.enabled) return;
    if (loop) {
      again = true;
      return;
    }
    // Outside the request's team scope: the job outlives the request that started it.
    loop = withAllTeams(async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again && !stopping);
      } catch (err) {
        log.error({ err }, 'bulk engine failed');
      } finally {
        loop = null;
      }
    });
  }

  return {
    kick,
    start() {
      stopping = false;
      kick();
      // Takes over the jobs of a process that died, once their lease has run out.
      timer = setInterval(kick, deps.pollMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await loop;
    },
    /** Resolves when the jobs this process was running are done (tests and the bench wait on it). */
    async idle() {
      while (loop) await loop;
    },
    /**
     * Claims one job and works at most `maxChunks` chunks of it, leaving it leased: what a process
     * killed after that many commits leaves behind (the resume test and the bench's crash).
     */
    async runClaimed(maxChunks: number) {
      const job = await bq.claimJob(db, workerId, clock.now(), deps.leaseMs);
      if (job) await runJob(job, maxChunks);
      return job?.id ?? null;
    },
  };
}
