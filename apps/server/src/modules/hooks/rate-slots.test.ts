import { describe, expect, it } from 'vitest';
import { createRateSlots } from './rate-slots.js';

/** A shared counter as the database keeps it: each statement counts n places, all or none. */
function counter(limit: number) {
  const statements: number[] = [];
  let used = 0;
  const slots = createRateSlots(async (_key, n) => {
    statements.push(n);
    await new Promise((r) => setTimeout(r, 5));
    if (used + n > limit) return { ok: false, used: limit };
    used += n;
    return { ok: true, used };
  });
  return { slots, statements };
}

describe('rate places taken together', () => {
  it('calls that arrive while the key’s statement runs go in one next statement, each told its own use', async () => {
    const { slots, statements } = counter(100);
    const answers = await Promise.all(Array.from({ length: 6 }, () => slots.take('k', 100)));
    expect(statements).toEqual([1, 5]);
    expect(answers.map((a) => a.used)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a group that does not fit whole is counted one by one, so exactly the limit passes', async () => {
    const { slots, statements } = counter(4);
    const answers = await Promise.all(Array.from({ length: 6 }, () => slots.take('k', 4)));
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, false, false]);
    expect(statements).toEqual([1, 5, 1, 1, 1, 1, 1]);
  });
});
