/**
 * One database ping at a time, shared. A caller joins the next ping that has not started yet; it
 * starts one turn of the event loop later (after the running one, if any), so every request read in
 * the meantime joins it. Every caller still hears from a ping that began after it asked, and a flood
 * of health checks costs the database one ping per turn instead of one each. The turn matters for an
 * embedded database: its ping runs on this thread and ends before another request could be read.
 */
export function sharedPing(ping: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | null = null;
  return () => {
    waiting ??= running
      .catch(() => {})
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => {
        waiting = null;
        running = ping();
        return running;
      });
    return waiting;
  };
}
