import { randomUUID } from 'node:crypto';
import { type TraceResult, serverMessages } from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import type { Realtime } from '../../plugins/realtime.js';
import { SkiptraceFailedError, type SkiptraceProvider } from '../../providers/skiptrace/index.js';
import type { LedgerService } from '../billing/index.js';
import { toListMetrics, toRunDto, toTraceRequest } from './skiptrace.mappers.js';
import * as q from './skiptrace.queries.js';
import { contactsCreatedBy, storeResults } from './skiptrace-store.js';

export type SkiptraceEngine = ReturnType<typeof createSkiptraceEngine>;

/** Thrown inside a batch's claim to roll it back: the credits do not cover one more address. */
class NoCredits extends Error {}
/** The run is no longer this worker's (cancelled, or its lease taken over). */
class RunLost extends Error {}

/**
 * Runs list-wide skip traces in the background (issue 18 item 4, ADR 020). A run is claimed and
 * leased like an import. Its properties go to the provider in batches (up to 100 a request, a few
 * requests in flight): claiming a batch marks its properties sent and places a ledger hold for its
 * worst case (every address a hit) in one transaction; storing it writes the owners found, marks the
 * properties done, adds the figures and settles the hold — charging the hits, releasing the rest — in
 * another. A batch claimed but never stored (the process died between the two) is found when the run
 * resumes: its hold is released and its properties are pending again. A done property is never sent
 * again, and a hold is settled once, so nothing is charged twice.
 */
export function createSkiptraceEngine(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  provider: SkiptraceProvider;
  realtime: () => Realtime;
  log: FastifyBaseLogger;
  leaseMs: number;
  pollMs: number;
  /** Claims in flight per run. */
  concurrency: number;
  /** Properties a claim takes: one hold, one store; sent as requests of the provider's size at once. */
  claimSize: number;
  /** Waits before a failed request is tried again (each attempt waits longer); then the run stops. */
  retryMs: number;
  retries: number;
  statusIdOf: (teamId: string) => Promise<string | null>;
  /** Subscriptions hear `contact.created` for each owner a batch made (ADR 045 addendum). */
  events?: DomainEvents;
}) {
  const { db, clock, ledger, provider, log } = deps;
  const workerId = randomUUID();
  let loop: Promise<void> | null = null;
  let stopping = false;
  let again = false;
  let wake: (() => void) | null = null;

  function emit(run: q.RunRow, list: q.ListFiguresRow | undefined) {
    if (!list) return;
    deps.realtime().toTeam(run.team_id, 'skiptraceProgress', {
      listId: run.list_id,
      run: toRunDto(run),
      metrics: toListMetrics(list),
    });
  }

  async function emitRun(run: q.RunRow) {
    emit(run, (await q.listFigures(db, [run.list_id]))[0]);
  }

  /** Releases the holds of batches a stopped process claimed but never stored. */
  async function recover(run: q.RunRow) {
    for (const b of await q.openBatches(db, run.id))
      await db.transaction(async (tx) => {
        const released = await ledger.release(b.hold_id, tx);
        if (!released.ok && released.code !== 'HOLD_SETTLED' && released.code !== 'HOLD_NOT_FOUND')
          throw new Error(`releasing hold ${b.hold_id}: ${released.code}`);
        await q.dropBatch(tx, run.id, b.id);
      });
  }

  /** Claims the next batch the credits cover: its properties marked sent, its worst case held. */
  async function claimBatch(run: q.RunRow, lanes: { inFlight: number }) {
    const affordable = Math.floor((await ledger.balance(run.team_id)) / run.price);
    const size = Math.min(deps.claimSize, affordable);
    if (size <= 0) {
      if ((await q.pendingCount(db, run.id)) === 0) return null;
      // Batches in flight give back what their misses held: the last lane decides the credits are out.
      if (lanes.inFlight > 0) return null;
      throw new NoCredits();
    }
    const batchId = randomUUID();
    const claim = db.transaction(async (tx) => {
      const props = await q.takeItems(tx, run.id, batchId, size);
      if (props.length === 0) return null;
      const hold = await ledger.hold(
        {
          teamId: run.team_id,
          amount: props.length * run.price,
          description: `Skip trace of ${props.length} properties`,
        },
        tx,
      );
      if (!hold.ok) {
        throw new NoCredits();
      }
      await q.insertBatch(tx, { id: batchId, runId: run.id, holdId: hold.value.holdId, now: clock.now() });
      return { batchId, holdId: hold.value.holdId, props };
    });
    try {
      const claimed = await claim;
      // The hold took the batch's worst case from the credits the top bar shows.
      if (claimed) await ledger.announce(run.team_id);
      return claimed;
    } catch (err) {
      // The balance was read before another lane's hold: step back while that lane works.
      if (err instanceof NoCredits && lanes.inFlight > 0) return null;
      throw err;
    }
  }

  async function giveBack(run: q.RunRow, batchId: string, holdId: string) {
    await db.transaction(async (tx) => {
      await ledger.release(holdId, tx);
      await q.dropBatch(tx, run.id, batchId);
    });
    await ledger.announce(run.team_id);
  }

  async function traceWithRetries(
    teamId: string,
    props: q.BatchProperty[],
  ): Promise<Map<string, TraceResult>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await provider.trace(
          props.map((p) => toTraceRequest(p.item_id, p.data)),
          { teamId },
        );
      } catch (err) {
        if (!(err instanceof SkiptraceFailedError) || err.permanent || attempt >= deps.retries || stopping)
          throw err;
        await new Promise((r) => setTimeout(r, deps.retryMs * 2 ** attempt));
      }
    }
  }

  async function runBatch(
    run: q.RunRow,
    statusId: string | null,
    lanes: { inFlight: number },
  ): Promise<boolean> {
    if (stopping) return false;
    if (!(await q.renewLease(db, run.id, workerId, clock.now()))) throw new RunLost();
    const batch = await claimBatch(run, lanes);
    if (!batch) return false;
    lanes.inFlight++;
    try {
      return await traceAndStore(run, statusId, batch);
    } finally {
      lanes.inFlight--;
    }
  }

  async function traceAndStore(
    run: q.RunRow,
    statusId: string | null,
    batch: { batchId: string; holdId: string; props: q.BatchProperty[] },
  ): Promise<boolean> {
    let results: Map<string, TraceResult>;
    try {
      results = await traceWithRetries(run.team_id, batch.props);
    } catch (err) {
      await giveBack(run, batch.batchId, batch.holdId);
      throw err;
    }
    const now = clock.now();
    const { updated, list, stored } = await db.transaction(async (tx) => {
      const stored = await storeResults(
        tx,
        { teamId: run.team_id, type: run.type, listIds: () => [run.list_id], statusId, now },
        batch.props.map((p) => ({
          propertyId: p.item_id,
          result: results.get(p.item_id) ?? { matched: false, persons: [] },
        })),
      );
      const hits = stored.filter((s) => s.hit);
      const figures = {
        done: stored.length,
        hits: hits.length,
        landlines: hits.reduce((n, h) => n + h.landlines, 0),
        dnc: hits.reduce((n, h) => n + h.dnc, 0),
        cost: hits.length * run.price,
      };
      const { run: updated, list } = await q.completeBatch(tx, {
        runId: run.id,
        listId: run.list_id,
        batchId: batch.batchId,
        hits: hits.map((h) => h.propertyId),
        figures,
      });
      const settled = await ledger.settle(
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
    emit(updated, list);
    deps.events?.publishAll(
      run.team_id,
      'contact.created',
      contactsCreatedBy(stored, { listId: run.list_id, now }),
    );
    await ledger.announce(run.team_id);
    return true;
  }

  async function run(claimed: q.RunRow) {
    await recover(claimed);
    const statusId = await deps.statusIdOf(claimed.team_id);
    let reason: string | null = null;
    let lost = false;
    const lanesState = { inFlight: 0 };
    const lane = async () => {
      while (reason === null && !lost && (await runBatch(claimed, statusId, lanesState)));
    };
    const lanes = Array.from({ length: Math.max(1, deps.concurrency) }, () =>
      lane().catch((err: unknown) => {
        if (err instanceof RunLost) lost = true;
        else if (err instanceof NoCredits) reason ??= serverMessages.skiptrace.noCredits;
        else if (err instanceof SkiptraceFailedError)
          reason ??= err.permanent
            ? serverMessages.skiptrace.providerRefused
            : serverMessages.skiptrace.providerFailed;
        else {
          log.error({ err, runId: claimed.id }, 'skip trace batch failed');
          reason ??= serverMessages.skiptrace.providerFailed;
        }
      }),
    );
    await Promise.all(lanes);
    if (stopping && reason === null) {
      await q.releaseClaim(db, claimed.id, workerId);
      return;
    }
    // Every lane stepped back while batches were in flight, and the last found no credits left.
    if (!stopping && !lost && reason === null && (await q.pendingCount(db, claimed.id)) > 0)
      reason = serverMessages.skiptrace.noCredits;
    if (lost) {
      const now = await q.findRun(db, claimed.id);
      if (now) await emitRun(now);
      return;
    }
    const finished = await q.finishRun(db, claimed.id, reason ? 'stopped' : 'done', reason, clock.now());
    if (finished) {
      await emitRun(finished);
      log.info(
        { runId: finished.id, hits: finished.hits, done: finished.done, reason },
        'skip trace finished',
      );
    }
  }

  async function drain() {
    do {
      again = false;
      for (;;) {
        if (stopping) return;
        const now = clock.now();
        const claimed = await q.claimRun(db, workerId, now, new Date(now.getTime() - deps.leaseMs));
        if (!claimed) break;
        await run(claimed);
      }
    } while (again && !stopping);
  }

  async function main() {
    while (!stopping) {
      try {
        await drain();
      } catch (err) {
        log.error({ err }, 'skip trace engine failed');
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deps.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    start() {
      if (loop) return;
      stopping = false;
      loop = main();
    },
    /** A run was started or cancelled: look now rather than at the next poll. */
    kick() {
      again = true;
      wake?.();
    },
    /** Stops after the requests in flight are stored; the run stays running for the next process. */
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
