import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { InboundSms } from '@prospector/core/contract/device';
import { createSimDriver, findReply, SimPhoneLog } from './sim.js';
import { DriverError } from './types.js';

const options = { latencyMs: 0, failureRate: 0, seed: 7, replies: [] };
const job = (i: number) => ({ id: randomUUID(), to: `+1415555${1000 + i}`, body: `Hello #${i}`, attempt: 1 });

async function outcomes(seed: number, count: number): Promise<boolean[]> {
  const sim = createSimDriver({ ...options, seed, failureRate: 0.3 });
  await sim.start(() => undefined);
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      sim.send(job(i)).then(
        () => true,
        () => false,
      ),
    ),
  );
  await sim.stop();
  return results;
}

describe('the simulated phone', () => {
  it('hands over a delivery receipt it missed while off once it is started again', async () => {
    const log = new SimPhoneLog();
    const first = createSimDriver(options, { log });
    const seen: string[] = [];
    await first.start(
      () => undefined,
      (id) => seen.push(id),
    );
    const sent = job(1);
    await first.send(sent);
    await first.stop(); // before the receipt's turn of the event loop
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([]);
    expect(log.undelivered()).toEqual([sent.id]);

    const again = createSimDriver(options, { log });
    await again.start(
      () => undefined,
      (id) => seen.push(id),
    );
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([sent.id]);
    expect(log.undelivered()).toEqual([]);
    await again.stop();
  });

  it('fails the same sends for the same seed, at about the configured rate', async () => {
    const first = await outcomes(42, 1000);
    expect(await outcomes(42, 1000)).toEqual(first);
    expect(await outcomes(43, 1000)).not.toEqual(first);
    const failures = first.filter((ok) => !ok).length;
    expect(failures).toBeGreaterThan(240);
    expect(failures).toBeLessThan(360);
  });

  it('fails with a retryable error: nothing left the simulated phone', async () => {
    const sim = createSimDriver({ ...options, failureRate: 1 });
    await sim.start(() => undefined);
    const error = await sim.send(job(1)).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DriverError);
    expect((error as DriverError).retryable).toBe(true);
    expect(sim.log.sends).toEqual([]);
  });

  it('reports delivery and answers with the scripted reply from the recipient’s number', async () => {
    const sim = createSimDriver({
      ...options,
      latencyMs: 20,
      replies: [
        { match: 'SELL', reply: 'Maybe, what is your offer?' },
        { reply: 'Who is this?', delayMs: 10 },
      ],
    });
    const inbound: InboundSms[] = [];
    const delivered: string[] = [];
    await sim.start(
      (messages) => inbound.push(...messages),
      (id) => delivered.push(id),
    );
    const a = { ...job(1), body: 'Would you sell your house on Elm St?' };
    const b = job(2);
    const started = Date.now();
    await Promise.all([sim.send(a), sim.send(b)]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    await expect.poll(() => delivered).toEqual([a.id, b.id]);
    await expect.poll(() => inbound.length).toBe(2);
    expect(inbound.map((m) => [m.from, m.body])).toEqual([
      [a.to, 'Maybe, what is your offer?'],
      [b.to, 'Who is this?'],
    ]);
    expect(new Set(inbound.map((m) => m.id)).size).toBe(2);
    await sim.stop();
  });

  it('with no latency delivers a burst of sends together on the next turn of the event loop', async () => {
    const sim = createSimDriver(options);
    let delivered = 0;
    await sim.start(
      () => undefined,
      () => delivered++,
    );
    await Promise.all(Array.from({ length: 500 }, (_, i) => sim.send(job(i))));
    expect(delivered).toBe(0); // no delivery inside send: the agent journals `sent` first
    await new Promise((resolve) => setImmediate(resolve));
    expect(delivered).toBe(500);
    expect(sim.log.duplicates()).toEqual([]);
    await sim.stop();
  });

  it('matches replies case-insensitively and falls back to a reply without match', () => {
    const replies = [{ match: 'stop', reply: 'ok' }, { reply: 'hi' }];
    expect(findReply(replies, 'Reply STOP to opt out')?.reply).toBe('ok');
    expect(findReply(replies, 'Hello')?.reply).toBe('hi');
    expect(findReply([{ match: 'x', reply: 'y' }], 'Hello')).toBeUndefined();
  });

  it('answers by the last digit of the number texted when a rule names digits', () => {
    const replies = [
      { lastDigits: ['6', '7'], reply: 'STOP' },
      { lastDigits: ['8'], reply: 'Wrong number' },
      { reply: 'Interested' },
    ];
    expect(findReply(replies, 'Hello', '+19164567006')?.reply).toBe('STOP');
    expect(findReply(replies, 'Hello', '+19164567007')?.reply).toBe('STOP');
    expect(findReply(replies, 'Hello', '+19164567008')?.reply).toBe('Wrong number');
    expect(findReply(replies, 'Hello', '+19164567001')?.reply).toBe('Interested');
  });
});
