type Slot = { ok: boolean; used: number };
type Pending = { done: (s: Slot) => void; failed: (err: unknown) => void };

/**
 * A process's concurrent v1 calls of one key take their rate-limit places together (ADR 057). Each
 * call's own statement updated the key's one row, so every call of a busy key queued on that row's
 * lock for a commit of its own. Calls that arrive while the key's statement runs wait for it and then
 * go in the next one: `take(n)` counts them all at once, or none when they do not all fit — then each
 * is counted on its own, so near the limit the answers are exactly those of one call at a time. Each
 * call gets the use with itself counted, in arrival order.
 */
export function createRateSlots(count: (key: string, n: number, limit: number) => Promise<Slot>) {
  const waiting = new Map<string, Pending[]>();

  async function settle(key: string, limit: number, batch: Pending[]) {
    const all = await count(key, batch.length, limit);
    if (all.ok || batch.length === 1) {
      batch.forEach((p, i) =>
        p.done({ ok: all.ok, used: all.ok ? all.used - (batch.length - 1 - i) : all.used }),
      );
      return;
    }
    for (const p of batch) p.done(await count(key, 1, limit));
  }

  async function drain(key: string, limit: number, queue: Pending[]) {
    try {
      while (queue.length) {
        const batch = queue.splice(0, queue.length);
        await settle(key, limit, batch).catch((err: unknown) => {
          for (const p of batch) p.failed(err);
        });
      }
    } finally {
      waiting.delete(key);
    }
  }

  return {
    /** One call's place under `key`'s limit (one limit a key: the batch counts against the first's). */
    take(key: string, limit: number): Promise<Slot> {
      return new Promise((done, failed) => {
        const queue = waiting.get(key);
        if (queue) return void queue.push({ done, failed });
        const fresh = [{ done, failed }];
        waiting.set(key, fresh);
        void drain(key, limit, fresh);
      });
    },
  };
}
