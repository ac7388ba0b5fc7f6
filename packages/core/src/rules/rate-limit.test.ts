import { describe, expect, it } from 'vitest';
import { fitsSlidingLimit, slidingWindow } from './rate-limit.js';

const MINUTE = 60_000;

describe('a limit per sliding minute', () => {
  it('places a moment in its minute and keeps the share of the previous minute still covered', () => {
    const w = slidingWindow(Date.UTC(2026, 10, 25, 10, 0, 15), MINUTE);
    expect(w.start).toBe(Date.UTC(2026, 10, 25, 10, 0, 0));
    expect(w.previousStart).toBe(Date.UTC(2026, 10, 25, 9, 59, 0));
    expect(w.keep).toBeCloseTo(0.75);
    expect(slidingWindow(w.start, MINUTE).keep).toBe(1);
  });

  it('lets calls through up to the limit in a quiet minute and refuses the next', () => {
    expect(fitsSlidingLimit(0, 59, 1, 60)).toBe(true);
    expect(fitsSlidingLimit(0, 60, 1, 60)).toBe(false);
  });

  it('counts the previous minute as it slides out, so a burst at the turn cannot pass twice the limit', () => {
    // 60 calls in the last second of a minute, then at once more: the previous minute still counts fully.
    expect(fitsSlidingLimit(60, 0, 1, 60)).toBe(false);
    // Half a minute later half of it has slid out: 30 more fit, not 31.
    expect(fitsSlidingLimit(60, 29, 0.5, 60)).toBe(true);
    expect(fitsSlidingLimit(60, 30, 0.5, 60)).toBe(false);
  });
});
