import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './ledger.queries.js';
import { refusalOf } from './refusals.js';

type Charge = Omit<q.BatchCharge, 'id'>;
type Pending = {
  charge: q.BatchCharge;
  resolve: (taken: { entryId: string; balance: number } | null) => void;
  reject: (err: unknown) => void;
};

/**
 * A group commit for charges (ADR 018): a charge is written at once while fewer than `maxInFlight`
 * writes are under way; those that arrive meanwhile queue, and the next write takes up to `maxBatch`
 * of them in one statement and one commit (q.debitBatch). A commit waits for the disk; batching
 * spreads that wait over many charges instead of paying it once each.
 *
 * Answers the entry and balance of a charge taken, or null for one the credits could not cover.
 */
export function createChargeBatcher(deps: { db: Db; clock: Clock; maxBatch?: number; maxInFlight?: number }) {
  const maxBatch = deps.maxBatch ?? 200;
  const maxInFlight = deps.maxInFlight ?? 2;
  const queue: Pending[] = [];
  let inFlight = 0;

  async function write(batch: Pending[]): Promise<void> {
    try {
      const taken = await q.debitBatch(
        deps.db,
        batch.map((p) => p.charge),
        deps.clock.now(),
      );
      for (const p of batch) {
        const balance = taken.get(p.charge.id);
        p.resolve(balance === undefined ? null : { entryId: p.charge.id, balance });
      }
    } catch (err) {
      if (batch.length === 1) {
        // The balance's CHECK refused it: a charge the credits could not cover, like any other.
        if (refusalOf(err) === 'INSUFFICIENT_CREDITS') return batch[0]!.resolve(null);
        return batch[0]!.reject(err);
      }
      // Whatever one charge did to the statement, it fails alone: the others are written one by one.
      for (const p of batch) await write([p]);
    }
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight++;
      void write(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    charge(charge: Charge): Promise<{ entryId: string; balance: number } | null> {
      return new Promise((resolve, reject) => {
        queue.push({ charge: { ...charge, id: randomUUID() }, resolve, reject });
        pump();
      });
    },
  };
}
