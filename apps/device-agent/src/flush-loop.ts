export type FlushLoop = {
  /** Asks for a run on the next event-loop turn; kicks in the meantime coalesce into it (batching). */
  kick(): void;
  /** Resolves when no run is scheduled or in progress. */
  idle(): Promise<void>;
};

/** Runs `flush` one at a time; a kick during a run makes it run again afterwards. */
export function createFlushLoop(flush: () => Promise<void>, onError: (err: unknown) => void): FlushLoop {
  let running: Promise<void> | undefined;
  let again = false;
  let scheduled = false;

  const go = () => {
    scheduled = false;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await flush();
        } catch (err) {
          onError(err);
        }
      } while (again);
    })().finally(() => {
      running = undefined;
    });
  };

  return {
    kick() {
      if (scheduled) return;
      scheduled = true;
      setImmediate(go);
    },
    async idle() {
      while (running || scheduled) await (running ?? new Promise((resolve) => setImmediate(resolve)));
    },
  };
}
