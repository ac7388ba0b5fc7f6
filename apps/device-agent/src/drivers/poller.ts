import type { Logger } from '../logger.js';

export type Poller = { stop(): Promise<void> };

/**
 * Runs `tick` now and then `intervalMs` after each run ends (never two at once). A failing tick is logged
 * once per distinct message, so a phone without permission does not flood the log every five seconds.
 */
export function startPolling(
  name: string,
  tick: () => Promise<void>,
  intervalMs: number,
  logger: Logger,
): Poller {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let lastError: string | undefined;

  const run = async () => {
    try {
      await tick();
      if (lastError !== undefined) logger.info(`${name} works again`);
      lastError = undefined;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (message !== lastError) logger.error(`${name} failed`, { error: message });
      lastError = message;
    }
  };
  const loop = () => {
    if (stopped) return;
    current = run().then(() => {
      if (!stopped) timer = setTimeout(loop, intervalMs);
    });
  };
  loop();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
