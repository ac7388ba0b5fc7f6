import { describe, expect, it } from 'vitest';
import { createCoalescer } from './coalesce.js';

/** A run that takes a little while, recording what each run was given. */
function recorder(fail?: (inputs: number[]) => boolean) {
  const runs: [string, number[]][] = [];
  const call = createCoalescer(async (key: string, inputs: number[]) => {
    runs.push([key, inputs]);
    await new Promise((r) => setTimeout(r, 5));
    if (fail?.(inputs)) throw new Error('run failed');
    return inputs.map((n) => `${key}:${n * 10}`);
  });
  return { call, runs };
}

describe('calls coalesced per key', () => {
  it('calls that arrive while a key’s run is in flight go in its next run, each answered its own output', async () => {
    const { call, runs } = recorder();
    const out = await Promise.all([1, 2, 3, 4].map((n) => call('a', n)).concat([call('b', 5)]));
    expect(out).toEqual(['a:10', 'a:20', 'a:30', 'a:40', 'b:50']);
    expect(runs).toEqual([
      ['a', [1]],
      ['b', [5]],
      ['a', [2, 3, 4]],
    ]);
  });

  it('a run that fails fails only its own calls; the next run still answers', async () => {
    const { call } = recorder((inputs) => inputs.includes(1));
    const out = await Promise.allSettled([1, 2, 3].map((n) => call('a', n)));
    expect(out.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(await call('a', 7)).toBe('a:70');
  });
});
