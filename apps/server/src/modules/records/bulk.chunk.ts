import { bulkOutcome, type BulkSkipped } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import * as bq from './bulk.queries.js';

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
export const queueOwner = (job: bq.BulkJobRow) => job.targetId ?? job.userId;

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
export class LeaseLost extends Error {}

/** What a chunk is run with: the engine's worker and the other modules' ports. */
export type ChunkDeps = {
  db: Db;
  clock: Clock;
  workerId: string;
  chunkSize: number;
  ports: () => BulkPorts;
};

type Actor = { userId: string; seesAllData: boolean };
type Caller = Awaited<ReturnType<typeof callerOf>>;
type Decided = { r: bq.ChunkRow; outcome: ReturnType<typeof bulkOutcome> };

/** Each record's outcome by core's `bulkOutcome`, from what the chunk's read says of it. */
function decider(job: bq.BulkJobRow, actor: Actor, caller: Caller) {
  return (r: bq.ChunkRow, queued = false) =>
    bulkOutcome(
      job.action,
      job.targetId,
      {
        assignedTo: r.assignedTo,
        statusId: r.statusId,
        hidden: r.hidden,
        hasPrimary: r.hasPrimary,
        phones: Number(r.phones),
        dncPhones: Number(r.dncPhones),
        inList: r.inList,
        type: r.type,
        usablePhones: Number(r.usablePhones),
        callPhone: r.callPhone,
        queued,
      },
      actor,
      caller,
    );
}

const changedOf = (decided: Decided[]) =>
  decided.filter((o) => o.outcome === 'changed').map((o) => o.r.itemId);

/** The chunk's records, locked and decided, and the changed ones written: each one's outcome. */
async function workChunk(
  deps: ChunkDeps,
  tx: Db,
  job: bq.BulkJobRow,
  actor: Actor,
  caller: Caller,
  ids: string[],
) {
  const rows = await bq.chunkRecords(tx, job, ids);
  const decide = decider(job, actor, caller);
  const decided: Decided[] = rows.map((r) => ({ r, outcome: decide(r) }));
  const kept = await writeChunk(deps, tx, job, actor, changedOf(decided));
  if (!kept) return decided;
  // A contact the calls module did not add is in a queue already (someone's, or this one's from a
  // chunk done before a crash): counted once, as queued, never queued twice.
  return decided.map((o) =>
    o.outcome === 'changed' && !kept.has(o.r.itemId)
      ? { r: o.r, outcome: job.action === 'queueCalls' ? decide(o.r, true) : 'gone' }
      : o,
  );
}

/** One chunk in one transaction; null when the job has no record left after its cursor. */
export async function runChunk(deps: ChunkDeps, job: bq.BulkJobRow): Promise<bq.BulkJobRow | null> {
  const { db, clock, workerId } = deps;
  const author = await bq.authorAccess(db, job.userId);
  const actor = { userId: job.userId, seesAllData: author?.seesAllData ?? false };
  const caller = await callerOf(db, job);
  return db.transaction(async (tx) => {
    const ids = await bq.chunkIds(tx, job, deps.chunkSize);
    const last = ids.at(-1);
    if (!last) return null;
    const decided = await workChunk(deps, tx, job, actor, caller, ids);
    // A record removed from the team since the job started is not read at all.
    const skipped: BulkSkipped = decided.length < ids.length ? { gone: ids.length - decided.length } : {};
    for (const { outcome } of decided)
      if (outcome !== 'changed') skipped[outcome] = (skipped[outcome] ?? 0) + 1;
    const next = await bq.advanceJob(tx, {
      jobId: job.id,
      workerId,
      cursor: last,
      done: ids.length,
      changed: changedOf(decided).length,
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
  deps: ChunkDeps,
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
