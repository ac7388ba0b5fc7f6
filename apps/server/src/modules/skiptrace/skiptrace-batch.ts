import { randomUUID } from 'node:crypto';
import type { TraceResult } from '@prospector/core';
import { SkiptraceFailedError } from '../../providers/skiptrace/index.js';
import type { EngineContext, SkiptraceEngineDeps } from './skiptrace-engine.deps.js';
import { toTraceRequest } from './skiptrace.mappers.js';
import { emitProgress } from './skiptrace-progress.js';
import * as q from './skiptrace.queries.js';
import { contactsCreatedBy, storeResults, type StoredProperty } from './skiptrace-store.js';

/*
 * One batch of a list-wide run (ADR 020): claimed (its properties marked sent, its worst case held),
 * traced with retries, then stored and settled — or given back whole when the provider fails.
 */

/** Thrown inside a batch's claim to roll it back: the credits do not cover one more address. */
export class NoCredits extends Error {}
/** The run is no longer this worker's (cancelled, or its lease taken over). */
export class RunLost extends Error {}

/** How many of a run's batches are claimed and not yet stored or given back. */
export type Lanes = { inFlight: number };

type Batch = { batchId: string; holdId: string; props: q.BatchProperty[] };

/** Marks up to `size` pending properties sent and holds their worst case, in one transaction. */
function holdBatch(deps: SkiptraceEngineDeps, run: q.RunRow, size: number) {
  const batchId = randomUUID();
  return deps.db.transaction(async (tx): Promise<Batch | null> => {
    const props = await q.takeItems(tx, run.id, batchId, size);
    if (props.length === 0) return null;
    const hold = await deps.ledger.hold(
      {
        teamId: run.teamId,
        amount: props.length * run.price,
        description: `Skip trace of ${props.length} properties`,
      },
      tx,
    );
    if (!hold.ok) {
      throw new NoCredits();
    }
    const holdId = hold.value.holdId;
    await q.insertBatch(tx, { id: batchId, runId: run.id, holdId, now: deps.clock.now() });
    return { batchId, holdId, props };
  });
}

/** Claims the next batch the credits cover: its properties marked sent, its worst case held. */
async function claimBatch(deps: SkiptraceEngineDeps, run: q.RunRow, lanes: Lanes) {
  const affordable = Math.floor((await deps.ledger.balance(run.teamId)) / run.price);
  const size = Math.min(deps.claimSize, affordable);
  if (size <= 0) {
    if ((await q.pendingCount(deps.db, run.id)) === 0) return null;
    // Batches in flight give back what their misses held: the last lane decides the credits are out.
    if (lanes.inFlight > 0) return null;
    throw new NoCredits();
  }
  const claim = holdBatch(deps, run, size);
  try {
    const claimed = await claim;
    // The hold took the batch's worst case from the credits the top bar shows.
    if (claimed) await deps.ledger.announce(run.teamId);
    return claimed;
  } catch (err) {
    // The balance was read before another lane's hold: step back while that lane works.
    if (err instanceof NoCredits && lanes.inFlight > 0) return null;
    throw err;
  }
}

async function giveBack(deps: SkiptraceEngineDeps, run: q.RunRow, batch: Batch) {
  await deps.db.transaction(async (tx) => {
    await deps.ledger.release(batch.holdId, tx);
    await q.dropBatch(tx, run.id, batch.batchId);
  });
  await deps.ledger.announce(run.teamId);
}

async function traceWithRetries(
  ctx: EngineContext,
  teamId: string,
  props: q.BatchProperty[],
): Promise<Map<string, TraceResult>> {
  const { deps, state } = ctx;
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.provider.trace(
        props.map((p) => toTraceRequest(p.itemId, p.data)),
        { teamId },
      );
    } catch (err) {
      if (
        !(err instanceof SkiptraceFailedError) ||
        err.permanent ||
        attempt >= deps.retries ||
        state.stopping
      )
        throw err;
      await new Promise((r) => setTimeout(r, deps.retryMs * 2 ** attempt));
    }
  }
}

/** The figures a stored batch adds to its run and list: only hits count, and only hits are charged. */
function batchFigures(stored: StoredProperty[], price: number): q.Figures {
  const hits = stored.filter((s) => s.hit);
  return {
    done: stored.length,
    hits: hits.length,
    landlines: hits.reduce((n, h) => n + h.landlines, 0),
    dnc: hits.reduce((n, h) => n + h.dnc, 0),
    cost: hits.length * price,
  };
}

type Store = { run: q.RunRow; statusId: string | null; batch: Batch; now: Date };

/** In one transaction: the owners found written, the batch completed, its hold settled. */
function storeBatch(deps: SkiptraceEngineDeps, s: Store, results: Map<string, TraceResult>) {
  const { run, batch } = s;
  return deps.db.transaction(async (tx) => {
    const stored = await storeResults(
      tx,
      { teamId: run.teamId, type: run.type, listIds: () => [run.listId], statusId: s.statusId, now: s.now },
      batch.props.map((p) => ({
        propertyId: p.itemId,
        result: results.get(p.itemId) ?? { matched: false, persons: [] },
      })),
    );
    const figures = batchFigures(stored, run.price);
    const hits = stored.filter((h) => h.hit).map((h) => h.propertyId);
    const { run: updated, list } = await q.completeBatch(tx, {
      runId: run.id,
      listId: run.listId,
      batchId: batch.batchId,
      hits,
      figures,
    });
    const settled = await deps.ledger.settle(
      {
        holdId: batch.holdId,
        charge: figures.cost,
        reason: 'skipTraceHit',
        description: `Skip trace: ${hits.length} ${hits.length === 1 ? 'hit' : 'hits'} of ${stored.length}`,
      },
      tx,
    );
    if (!settled.ok) throw new Error(`settling hold ${batch.holdId}: ${settled.code}`);
    return { updated, list, stored };
  });
}

async function traceAndStore(ctx: EngineContext, run: q.RunRow, statusId: string | null, batch: Batch) {
  const { deps } = ctx;
  let results: Map<string, TraceResult>;
  try {
    results = await traceWithRetries(ctx, run.teamId, batch.props);
  } catch (err) {
    await giveBack(deps, run, batch);
    throw err;
  }
  const now = deps.clock.now();
  const { updated, list, stored } = await storeBatch(deps, { run, statusId, batch, now }, results);
  emitProgress(deps, updated, list);
  deps.events?.publishAll(
    run.teamId,
    'contact.created',
    contactsCreatedBy(stored, { listId: run.listId, now }),
  );
  await deps.ledger.announce(run.teamId);
  return true;
}

/**
 * One lane's step: renews the run's lease, claims a batch, traces and stores it. False when there
 * is nothing more for this lane (stopping, nothing pending, or the credits are held by other lanes).
 */
export async function runBatch(
  ctx: EngineContext,
  run: q.RunRow,
  statusId: string | null,
  lanes: Lanes,
): Promise<boolean> {
  const { deps, state } = ctx;
  if (state.stopping) return false;
  if (!(await q.renewLease(deps.db, run.id, ctx.workerId, deps.clock.now()))) throw new RunLost();
  const batch = await claimBatch(deps, run, lanes);
  if (!batch) return false;
  lanes.inFlight++;
  try {
    return await traceAndStore(ctx, run, statusId, batch);
  } finally {
    lanes.inFlight--;
  }
}
