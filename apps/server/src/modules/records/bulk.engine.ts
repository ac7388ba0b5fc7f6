import { randomUUID } from 'node:crypto';
import { bulkResultText } from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { withAllTeams } from '../../lib/team-scope.js';
import type { Realtime } from '../../plugins/realtime.js';
import { toBulkJobDto } from './bulk.mappers.js';
import { LeaseLost, queueOwner, runChunk, type BulkPorts } from './bulk.chunk.js';
import * as bq from './bulk.queries.js';

export type { BulkPorts } from './bulk.chunk.js';

export type BulkEngine = ReturnType<typeof createBulkEngine>;

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
  const chunkDeps = { db, clock, workerId, chunkSize: deps.chunkSize, ports: deps.ports };

  function emit(job: bq.BulkJobRow) {
    deps.realtime().toUser(job.userId, 'bulkProgress', { job: toBulkJobDto(job) });
  }

  /**
   * Works a claimed job to its end, or for at most `maxChunks` chunks (then the job is left leased,
   * as a process killed there would leave it).
   */
  async function runJob(claimed: bq.BulkJobRow, maxChunks = Infinity) {
    let job = claimed;
    for (let n = 0; n < maxChunks; n++) {
      if (stopping) return bq.releaseJob(db, job.id, workerId);
      const next = await runChunk(chunkDeps, job);
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
