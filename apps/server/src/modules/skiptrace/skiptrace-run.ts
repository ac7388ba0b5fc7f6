import { serverMessages } from '@prospector/core';
import { SkiptraceFailedError } from '../../providers/skiptrace/index.js';
import { NoCredits, RunLost, runBatch } from './skiptrace-batch.js';
import type { EngineContext, SkiptraceEngineDeps } from './skiptrace-engine.deps.js';
import { emitRunProgress } from './skiptrace-progress.js';
import * as q from './skiptrace.queries.js';

/*
 * A claimed run worked to its end: the batches a stopped process left are given back, a few lanes
 * take batches until none is left, and the run is finished — done, or stopped with the reason a
 * member reads — unless it was lost to a cancellation or another worker, or this process is stopping.
 */

/** How the run's lanes ended: a reason to stop it, or the run no longer this worker's. */
type Outcome = { reason: string | null; lost: boolean };

/** Releases the holds of batches a stopped process claimed but never stored. */
async function recover(deps: SkiptraceEngineDeps, run: q.RunRow) {
  const { db, ledger } = deps;
  for (const b of await q.openBatches(db, run.id))
    await db.transaction(async (tx) => {
      const released = await ledger.release(b.holdId, tx);
      if (!released.ok && released.code !== 'HOLD_SETTLED' && released.code !== 'HOLD_NOT_FOUND')
        throw new Error(`releasing hold ${b.holdId}: ${released.code}`);
      await q.dropBatch(tx, run.id, b.id);
    });
}

/** Records why a lane ended in the outcome: the first reason wins; a lost run stops every lane. */
function noteLaneEnd(ctx: EngineContext, claimed: q.RunRow, out: Outcome, err: unknown) {
  if (err instanceof RunLost) out.lost = true;
  else if (err instanceof NoCredits) out.reason ??= serverMessages.skiptrace.noCredits;
  else if (err instanceof SkiptraceFailedError)
    out.reason ??= err.permanent
      ? serverMessages.skiptrace.providerRefused
      : serverMessages.skiptrace.providerFailed;
  else {
    ctx.deps.log.error({ err, runId: claimed.id }, 'skip trace batch failed');
    out.reason ??= serverMessages.skiptrace.providerFailed;
  }
}

/** Runs the run's lanes (claims in flight at once) until each has nothing more to take. */
async function runLanes(ctx: EngineContext, claimed: q.RunRow, statusId: string | null): Promise<Outcome> {
  const out: Outcome = { reason: null, lost: false };
  const lanesState = { inFlight: 0 };
  const lane = async () => {
    while (out.reason === null && !out.lost && (await runBatch(ctx, claimed, statusId, lanesState)));
  };
  const lanes = Array.from({ length: Math.max(1, ctx.deps.concurrency) }, () =>
    lane().catch((err: unknown) => noteLaneEnd(ctx, claimed, out, err)),
  );
  await Promise.all(lanes);
  return out;
}

/** Finishes the run, done or stopped for the reason, and tells its team. */
async function finish(ctx: EngineContext, claimed: q.RunRow, reason: string | null) {
  const { deps } = ctx;
  const finished = await q.finishRun(
    deps.db,
    claimed.id,
    reason ? 'stopped' : 'done',
    reason,
    deps.clock.now(),
  );
  if (finished) {
    await emitRunProgress(deps, finished);
    deps.log.info(
      { runId: finished.id, hits: finished.hits, done: finished.done, reason },
      'skip trace finished',
    );
  }
}

/** Works a run this worker claimed until it is finished, lost, or left to the next process. */
export async function workRun(ctx: EngineContext, claimed: q.RunRow) {
  const { deps, state } = ctx;
  await recover(deps, claimed);
  const statusId = await deps.statusIdOf(claimed.teamId);
  const out = await runLanes(ctx, claimed, statusId);
  if (state.stopping && out.reason === null) {
    await q.releaseClaim(deps.db, claimed.id, ctx.workerId);
    return;
  }
  // Every lane stepped back while batches were in flight, and the last found no credits left.
  if (!state.stopping && !out.lost && out.reason === null && (await q.pendingCount(deps.db, claimed.id)) > 0)
    out.reason = serverMessages.skiptrace.noCredits;
  if (out.lost) {
    const now = await q.findRun(deps.db, claimed.id);
    if (now) await emitRunProgress(deps, now);
    return;
  }
  await finish(ctx, claimed, out.reason);
}
