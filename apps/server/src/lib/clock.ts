/** Time comes from here, never from `new Date()` in a service, so tests can move it. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export type ManualClock = Clock & { advance(ms: number): void; set(date: Date): void };

export function manualClock(start = new Date('2026-01-05T15:00:00Z')): ManualClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (d) => {
      t = d.getTime();
    },
  };
}
