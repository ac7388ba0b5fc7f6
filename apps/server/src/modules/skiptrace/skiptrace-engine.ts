import { randomUUID } from 'node:crypto';
import type { EngineContext, SkiptraceEngineDeps } from './skiptrace-engine.deps.js';
import { workRun } from './skiptrace-run.js';
import * as q from './skiptrace.queries.js';

export type { SkiptraceEngineDeps } from './skiptrace-engine.deps.js';

export type SkiptraceEngine = ReturnType<typeof createSkiptraceEngine>;

/** Claims and works running runs one after another until none is left (or the engine stops). */
async function drain(ctx: EngineContext) {
  const { deps, state } = ctx;
  do {
    state.again = false;
    for (;;) {
      if (state.stopping) return;
      const now = deps.clock.now();
      const claimed = await q.claimRun(deps.db, ctx.workerId, now, new Date(now.getTime() - deps.leaseMs));
      if (!claimed) break;
      await workRun(ctx, claimed);
    }
  } while (state.again && !state.stopping);
}

/** Drains, then waits a poll (or a kick) for new runs and runs whose worker's lease ran out. */
async function pollRuns(ctx: EngineContext) {
  const { deps, state } = ctx;
  while (!state.stopping) {
    try {
      await drain(ctx);
    } catch (err) {
      deps.log.error({ err }, 'skip trace engine failed');
    }
    if (state.stopping) break;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, deps.pollMs);
      state.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    state.wake = null;
  }
}

/**
 * Runs list-wide skip traces in the background (issue 18 item 4, ADR 020). A run is claimed and
 * leased like an import. Its properties go to the provider in batches (up to 100 a request, a few
 * requests in flight): claiming a batch marks its properties sent and places a ledger hold for its
 * worst case (every address a hit) in one transaction; storing it writes the owners found, marks the
 * properties done, adds the figures and settles the hold — charging the hits, releasing the rest — in
 * another. A batch claimed but never stored (the process died between the two) is found when the run
 * resumes: its hold is released and its properties are pending again. A done property is never sent
 * again, and a hold is settled once, so nothing is charged twice. A run's lanes are in
 * skiptrace-run.ts, a batch's claim, trace and store in skiptrace-batch.ts.
 */
export function createSkiptraceEngine(deps: SkiptraceEngineDeps) {
  const ctx: EngineContext = {
    deps,
    workerId: randomUUID(),
    state: { stopping: false, again: false, wake: null },
  };
  const { state } = ctx;
  let loop: Promise<void> | null = null;

  return {
    start() {
      if (loop) return;
      state.stopping = false;
      loop = pollRuns(ctx);
    },
    /** A run was started or cancelled: look now rather than at the next poll. */
    kick() {
      state.again = true;
      state.wake?.();
    },
    /** Stops after the requests in flight are stored; the run stays running for the next process. */
    async stop() {
      state.stopping = true;
      state.wake?.();
      await loop;
      loop = null;
    },
  };
}
