const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the browser has nothing better to do (at the latest after 2 s), for work that no
 * page waits for, like fetching the code of a dialog before it is opened. Returns a cancel function.
 */
export function runWhenIdle(task: () => void): () => void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, IDLE_TIMEOUT_MS);
  return () => window.clearTimeout(id);
}
