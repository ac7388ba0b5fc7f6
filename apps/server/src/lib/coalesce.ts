/**
 * Calls with one key that arrive while that key's work runs wait for it and then go together in the
 * next run (ADR 057: group commit, for reads as for writes). `run` answers one output per input, in
 * order; a run that throws fails each of its calls. At most `max` inputs a run.
 */
export function createCoalescer<I, O>(run: (key: string, inputs: I[]) => Promise<O[]>, max = 500) {
  type Pending = { input: I; done: (o: O) => void; failed: (err: unknown) => void };
  const waiting = new Map<string, Pending[]>();

  async function drain(key: string, queue: Pending[]) {
    try {
      while (queue.length) {
        const batch = queue.splice(0, max);
        try {
          const out = await run(
            key,
            batch.map((p) => p.input),
          );
          batch.forEach((p, i) => p.done(out[i]!));
        } catch (err) {
          for (const p of batch) p.failed(err);
        }
      }
    } finally {
      waiting.delete(key);
    }
  }

  return (key: string, input: I): Promise<O> =>
    new Promise<O>((done, failed) => {
      const queue = waiting.get(key);
      if (queue) return void queue.push({ input, done, failed });
      const fresh = [{ input, done, failed }];
      waiting.set(key, fresh);
      void drain(key, fresh);
    });
}
