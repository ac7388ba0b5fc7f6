import { describe, expect, it } from 'vitest';
import { sharedPing } from './shared-ping.js';

/** A ping whose rounds the test ends by hand, counting how many were started. */
function manualPing() {
  const rounds: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const ping = () => new Promise<void>((resolve, reject) => void rounds.push({ resolve, reject }));
  return { ping, rounds };
}
const turn = () => new Promise((r) => setTimeout(r, 5));

describe('a shared database ping', () => {
  it('starts one ping for the callers of one turn, after they asked', async () => {
    const { ping, rounds } = manualPing();
    const shared = sharedPing(ping);
    const calls = [shared(), shared(), shared()];
    expect(rounds).toHaveLength(0);
    await turn();
    expect(rounds).toHaveLength(1);
    rounds[0]!.resolve();
    await Promise.all(calls);
    expect(rounds).toHaveLength(1);
  });

  it('answers callers that arrive during a ping from the next one, which starts after it ends', async () => {
    const { ping, rounds } = manualPing();
    const shared = sharedPing(ping);
    const answered: string[] = [];
    const first = shared().then(() => answered.push('first'));
    await turn();
    const later = [shared(), shared()].map((p, i) => p.then(() => answered.push(`later${i}`)));
    await turn();
    expect(rounds).toHaveLength(1);
    rounds[0]!.resolve();
    await first;
    expect(answered).toEqual(['first']);
    await turn();
    expect(rounds).toHaveLength(2);
    rounds[1]!.resolve();
    await Promise.all(later);
    expect(answered).toEqual(['first', 'later0', 'later1']);
  });

  it('gives every caller of a failed ping its failure, and pings afresh afterwards', async () => {
    const { ping, rounds } = manualPing();
    const shared = sharedPing(ping);
    const a = [shared(), shared()];
    await turn();
    rounds[0]!.reject(new Error('down'));
    for (const p of a) await expect(p).rejects.toThrow('down');
    const b = shared();
    await turn();
    expect(rounds).toHaveLength(2);
    rounds[1]!.resolve();
    await expect(b).resolves.toBeUndefined();
  });
});
