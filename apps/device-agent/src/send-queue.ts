export type SendQueue<T extends { id: string }> = {
  /** Adds an item unless one with the same id is queued or running. */
  push(item: T): void;
  /** True while the item is queued or running. */
  has(id: string): boolean;
  readonly size: number;
  /** Starts nothing new and resolves when the running items are done; queued items are left. */
  stop(): Promise<void>;
};

/**
 * Runs at most `concurrency` items at once and starts them at least `intervalMs` apart: a phone that
 * fires texts back to back gets flagged by its carrier.
 */
export function createSendQueue<T extends { id: string }>(options: {
  concurrency: number;
  intervalMs: number;
  run: (item: T) => Promise<void>;
  onError: (err: unknown) => void;
}): SendQueue<T> {
  const queue: T[] = [];
  let head = 0;
  const ids = new Set<string>();
  let active = 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let onIdle: (() => void) | undefined;

  const finish = (item: T) => {
    active--;
    ids.delete(item.id);
    if (active === 0) onIdle?.();
    pump();
  };

  const pump = () => {
    while (!stopped && active < options.concurrency && head < queue.length) {
      const wait = lastStart + options.intervalMs - Date.now();
      if (options.intervalMs > 0 && wait > 0) {
        timer ??= setTimeout(() => {
          timer = undefined;
          pump();
        }, wait);
        return;
      }
      const item = queue[head++] as T;
      if (head > 1024 && head * 2 > queue.length) {
        queue.splice(0, head);
        head = 0;
      }
      active++;
      lastStart = Date.now();
      void options.run(item).then(
        () => finish(item),
        (err: unknown) => {
          options.onError(err);
          finish(item);
        },
      );
    }
  };

  return {
    push(item) {
      if (stopped || ids.has(item.id)) return;
      ids.add(item.id);
      queue.push(item);
      pump();
    },
    has: (id) => ids.has(id),
    get size() {
      return ids.size;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (active === 0) return Promise.resolve();
      return new Promise((resolve) => {
        onIdle = resolve;
      });
    },
  };
}
