/**
 * A limit of N calls per window, counted in one row per window and held across every process
 * (issue 22): the sliding window is estimated from the current window's count and the share of the
 * previous window it still covers, so a burst at a window's edge cannot pass twice the limit.
 */
export type SlidingWindow = {
  /** Start of the window `now` falls in, in ms since the epoch. */
  start: number;
  previousStart: number;
  /** The share of the previous window the sliding window still covers: 1 at its start, near 0 at its end. */
  keep: number;
};

export function slidingWindow(now: number, windowMs: number): SlidingWindow {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, previousStart: start - windowMs, keep: 1 - (now - start) / windowMs };
}

/** Whether one more call fits: `current` counts the calls already let through in this window. */
export function fitsSlidingLimit(previous: number, current: number, keep: number, limit: number): boolean {
  return previous * keep + current + 1 <= limit;
}
