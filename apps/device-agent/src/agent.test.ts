import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent, OUTCOME_UNKNOWN, type Agent } from './agent.js';
import type { SimOptions } from './config.js';
import { createSimDriver, SimPhoneLog } from './drivers/sim.js';
import { Journal } from './journal.js';
import { createMemoryLogger } from './logger.js';
import { startFakeDeviceServer, TEST_TOKEN, type FakeDeviceServer } from './test/fake-device-server.js';

/** Protocol timings shrunk so a lost acknowledgement or a reconnect takes milliseconds, not seconds. */
const FAST = { ackTimeoutMs: 400, reconnectionDelayMs: 50, reconnectionDelayMaxMs: 200, stopFlushMs: 500 };
const SIM: SimOptions = { latencyMs: 0, failureRate: 0, seed: 1, replies: [] };

let server: FakeDeviceServer;
let dir: string;
let journalPath: string;
let phone: SimPhoneLog;
const running: { agent: Agent; journal: Journal }[] = [];

beforeEach(async () => {
  server = await startFakeDeviceServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-'));
  journalPath = path.join(dir, 'journal.jsonl');
  phone = new SimPhoneLog();
});

afterEach(async () => {
  for (const { agent, journal } of running.splice(0)) {
    await agent.stop();
    journal.close();
  }
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function startAgent(
  options: {
    token?: string;
    sim?: Partial<SimOptions>;
    maxConcurrentSends?: number;
    serverUrl?: string;
  } = {},
) {
  const journal = Journal.open(journalPath);
  const driver = createSimDriver({ ...SIM, ...options.sim }, { log: phone });
  const logger = createMemoryLogger();
  const agent = createAgent({
    config: {
      serverUrl: options.serverUrl ?? server.url,
      deviceToken: options.token ?? TEST_TOKEN,
      maxConcurrentSends: options.maxConcurrentSends ?? 1,
      sendIntervalMs: 0,
    },
    driver,
    journal,
    logger,
    timing: FAST,
  });
  running.push({ agent, journal });
  await agent.start();
  return { agent, journal, driver, logger };
}

async function stopAgent(agent: Agent, journal: Journal) {
  await agent.stop();
  journal.close();
  running.splice(
    running.findIndex((r) => r.agent === agent),
    1,
  );
}

const done = (id: string) => ['sent', 'delivered'].includes(server.jobs.get(id)?.state ?? '');
const allDone = (ids: readonly string[]) => ids.every(done);
const ids = (jobs: readonly { id: string }[]) => jobs.map((j) => j.id);

describe('the device agent', () => {
  it('sends only the jobs the server accepted, each once', async () => {
    const { agent, journal } = await startAgent();
    await expect.poll(() => agent.connected).toBe(true);
    const jobs = server.addJobs(5);
    const cancelled = jobs[2]!.id;
    server.cancel(cancelled); // gone before the agent's accept arrives
    const kept = ids(jobs).filter((id) => id !== cancelled);

    await expect.poll(() => allDone(kept)).toBe(true);
    expect(kept.map((id) => phone.timesSent(id))).toEqual([1, 1, 1, 1]);
    expect(phone.timesSent(cancelled)).toBe(0);
    expect(journal.get(cancelled)?.state).toBe('dropped');
    expect(server.stats.pings).toBeGreaterThan(0);
    expect(server.invalidPayloads).toEqual([]);
  });

  it('drops a job the server took back, and sends it once when it is offered again', async () => {
    const { agent } = await startAgent();
    await expect.poll(() => agent.connected).toBe(true);
    server.behaviour.dispatchOnReport = false;
    const [job] = server.addJobs(1);
    server.takeBack(job!.id); // the offer timed out before the accept arrived
    await expect.poll(() => running[0]!.journal.get(job!.id)?.state).toBe('dropped');
    expect(phone.timesSent(job!.id)).toBe(0);

    server.dispatch();
    await expect.poll(() => done(job!.id)).toBe(true);
    expect(phone.timesSent(job!.id)).toBe(1);
  });

  it('after a forced disconnect mid-batch, every job is reported and no recipient gets a text twice', async () => {
    const { agent } = await startAgent({ sim: { latencyMs: 15 } });
    await expect.poll(() => agent.connected).toBe(true);
    const jobs = ids(server.addJobs(30));

    await expect.poll(() => server.reportLog.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    server.dropConnection();
    await expect.poll(() => server.reportLog.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(20);
    server.dropConnection();

    await expect.poll(() => allDone(jobs), { timeout: 20_000 }).toBe(true);
    expect(server.stats.connections).toBeGreaterThanOrEqual(3);
    expect(phone.duplicates()).toEqual([]);
    expect(jobs.every((id) => phone.timesSent(id) === 1)).toBe(true);
    expect(server.invalidPayloads).toEqual([]);
  });

  it('an agent restarted with the same journal re-reports sent jobs instead of sending them again', async () => {
    const first = await startAgent();
    const jobs = ids(server.addJobs(3));
    await expect.poll(() => allDone(jobs)).toBe(true);
    await stopAgent(first.agent, first.journal);

    server.forgetReports(jobs); // the server lost them: still 'accepted', offered again on connect
    expect(jobs.some(done)).toBe(false);
    await startAgent();

    await expect.poll(() => allDone(jobs)).toBe(true);
    expect(jobs.map((id) => phone.timesSent(id))).toEqual([1, 1, 1]);
    expect(jobs.every((id) => server.reportsFor(id).filter((r) => r.state === 'sent').length === 2)).toBe(
      true,
    );
  });

  it('a job left at sending by a crash is reported failed as outcome unknown, and not sent', async () => {
    const [job] = server.addJobs(1);
    server.jobs.get(job!.id)!.state = 'accepted'; // the crashed agent had accepted it
    const crashed = Journal.open(journalPath);
    crashed.markAccepted([{ id: job!.id, attempt: 1 }]);
    crashed.markSending(job!.id);
    crashed.close();

    await startAgent();
    await expect.poll(() => server.jobs.get(job!.id)?.state).toBe('failed');
    expect(server.jobs.get(job!.id)).toMatchObject({ error: OUTCOME_UNKNOWN, retryable: false });
    expect(phone.timesSent(job!.id)).toBe(0);
  });

  it('sends reports that were not acknowledged when the connection dropped once it is back', async () => {
    const { agent, journal } = await startAgent();
    await expect.poll(() => agent.connected).toBe(true);
    server.behaviour.ackReports = false; // reports get lost on the way
    server.behaviour.reofferOnConnect = false; // so only the agent's outbox can bring them back
    const jobs = ids(server.addJobs(4));
    await expect.poll(() => phone.sends.length).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 2 * FAST.ackTimeoutMs)); // unanswered, resent, unanswered
    expect(new Set(journal.unreported().map((r) => r.id))).toEqual(new Set(jobs)); // sent and delivered
    expect(jobs.some(done)).toBe(false);

    server.dropConnection();
    server.behaviour.ackReports = true;
    await expect.poll(() => allDone(jobs)).toBe(true);
    await expect.poll(() => journal.unreportedCount).toBe(0);
    expect(server.stats.connections).toBe(2);
    expect(phone.duplicates()).toEqual([]);
  });

  it('sends the readable jobs of an offer that also holds an unreadable one', async () => {
    const { agent, logger } = await startAgent();
    await expect.poll(() => agent.connected).toBe(true);
    const job = { id: randomUUID(), to: '+14155550142', body: 'Hello', attempt: 1 };
    server.jobs.set(job.id, { ...job, state: 'offered' });
    server.emitRaw('jobs', { jobs: [{ id: 'not-a-uuid', to: '+14155550123', body: 'x', attempt: 1 }, job] });

    await expect.poll(() => done(job.id)).toBe(true);
    expect(phone.timesSent(job.id)).toBe(1);
    expect(
      logger.entries.some((e) => e.level === 'error' && e.message === 'unreadable jobs from the server'),
    ).toBe(true);
  });

  it('reaches a server that serves Socket.IO under a path prefix', async () => {
    await server.close();
    server = await startFakeDeviceServer({ path: '/crm/socket.io' });
    const { agent } = await startAgent({ serverUrl: `${server.url}/crm` });
    await expect.poll(() => agent.connected).toBe(true);
  });

  it('stops, and does not try again, when the server refuses the device token', async () => {
    const { agent, logger } = await startAgent({ token: 'a-token-that-was-revoked-0000' });
    await expect(agent.stopped).resolves.toBe('unauthorized');
    expect(logger.entries.some((e) => e.level === 'error' && e.message.includes('device unauthorized'))).toBe(
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.stats.handshakes).toBe(1);
  });

  it('hands received replies to the server and sends them again until they are acknowledged', async () => {
    server.behaviour.ackInbound = false;
    const { journal } = await startAgent({
      sim: { replies: [{ match: 'sell', reply: 'Make me an offer' }] },
    });
    const [job] = server.addJobs(1, () => ({ body: 'Would you SELL 12 Elm St?' }));

    await expect.poll(() => server.inboundLog.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(new Set(server.inboundLog.map((m) => m.id)).size).toBe(1);
    expect(server.inboundLog[0]).toMatchObject({ from: job!.to, body: 'Make me an offer' });

    server.behaviour.ackInbound = true;
    await expect.poll(() => journal.pendingInbound()).toEqual([]);
    const heard = server.inboundLog.length;
    await new Promise((resolve) => setTimeout(resolve, 3 * FAST.ackTimeoutMs));
    expect(server.inboundLog.length).toBe(heard);
  });

  it('keeps received texts whose batch the server could not take, and sends them again until it does', async () => {
    let refusals = 2;
    server.behaviour.answerInbound = () => (refusals-- > 0 ? { error: 'server error' } : { ok: true });
    const { agent, driver, journal, logger } = await startAgent();
    await expect.poll(() => agent.connected).toBe(true);
    driver.receive([
      { id: 'in-1', from: '+14155550101', body: 'first' },
      { id: 'in-2', from: '+14155550102', body: 'second' },
    ]);

    await expect.poll(() => journal.pendingInbound(), { timeout: 15_000 }).toEqual([]);
    // Twice refused, then taken: the same two texts each time, none dropped on the way.
    expect(server.inboundLog.map((m) => m.id)).toEqual(['in-1', 'in-2', 'in-1', 'in-2', 'in-1', 'in-2']);
    expect(logger.entries.filter((e) => e.message.includes('could not take received texts'))).toHaveLength(2);
  });

  it('journals and sends a received text holding U+0000 or a lone surrogate cleaned, every other character kept', async () => {
    const { agent, driver, journal } = await startAgent();
    await expect.poll(() => agent.connected).toBe(true);
    driver.receive([{ id: 'nul\u0000-1', from: '+1415555\u00000101', body: 'é\u0000😀 \uD83D!' }]);

    await expect.poll(() => server.inboundLog).toHaveLength(1);
    expect(server.inboundLog[0]).toMatchObject({ id: 'nul-1', from: '+14155550101', body: 'é😀 \uFFFD!' });
    await expect.poll(() => journal.pendingInbound()).toEqual([]);
    expect(fs.readFileSync(journalPath, 'utf8')).not.toMatch(/\\u0000/);
  });

  it('drops a text the server refused for good, logging it with why, and sends the others once', async () => {
    server.behaviour.answerInbound = (texts) => ({
      ok: true,
      rejected: texts
        .filter((m) => m.body === 'poison')
        .map((m) => ({ id: m.id, reason: 'The database refused this text (error 22023).' })),
    });
    const { agent, driver, journal, logger } = await startAgent();
    await expect.poll(() => agent.connected).toBe(true);
    driver.receive([
      { id: 'ok-1', from: '+14155550101', body: 'hello' },
      { id: 'bad-1', from: '+14155550102', body: 'poison' },
      { id: 'ok-2', from: '+14155550103', body: 'there' },
    ]);

    await expect.poll(() => journal.pendingInbound()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 3 * FAST.ackTimeoutMs));
    expect(server.inboundLog.map((m) => m.id)).toEqual(['ok-1', 'bad-1', 'ok-2']); // nothing looped
    const refused = logger.entries.find((e) => e.message.includes('refused a received text'));
    expect(refused).toMatchObject({
      level: 'error',
      fields: { id: 'bad-1', reason: 'The database refused this text (error 22023).', body: 'poison' },
    });
    // A restarted agent does not bring it back either.
    await stopAgent(agent, journal);
    const { journal: replayed } = await startAgent();
    expect(replayed.pendingInbound()).toEqual([]);
  });

  it('keeps the texts the server deferred and sends those again after the delay it asked for', async () => {
    const takenAt = new Map<string, number>();
    const sizes: number[] = [];
    server.behaviour.answerInbound = (texts) => {
      // Takes 3 texts per batch and asks for the rest 300 ms later, as an inbound rate limit does.
      sizes.push(texts.length);
      for (const m of texts.slice(0, 3)) takenAt.set(m.id, Date.now());
      const deferred = texts.slice(3).map((m) => m.id);
      return deferred.length > 0 ? { ok: true, deferred, retryAfterMs: 300 } : { ok: true };
    };
    const { agent, driver, journal } = await startAgent();
    await expect.poll(() => agent.connected).toBe(true);
    driver.receive(
      Array.from({ length: 10 }, (_, i) => ({ id: `d-${i}`, from: '+14155550101', body: `${i}` })),
    );

    await expect.poll(() => journal.pendingInbound(), { timeout: 15_000 }).toEqual([]);
    expect([...takenAt.keys()]).toEqual(Array.from({ length: 10 }, (_, i) => `d-${i}`)); // in order, each once
    for (const [before, after] of [
      ['d-2', 'd-3'],
      ['d-5', 'd-6'],
      ['d-8', 'd-9'],
    ] as const)
      expect(takenAt.get(after)! - takenAt.get(before)!).toBeGreaterThanOrEqual(290); // each delay waited out
    // After each deferral, the deferred texts again, and only them.
    expect(sizes).toEqual([10, 7, 4, 1]);
  });

  it('sends a job again when the server offers it with a higher attempt after a retryable failure', async () => {
    server.behaviour.dispatchOnReport = false;
    const { driver, journal } = await startAgent({ sim: { failureRate: 1 } });
    const [job] = server.addJobs(1);
    await expect.poll(() => server.jobs.get(job!.id)).toMatchObject({ state: 'queued', attempt: 2 });
    expect(phone.timesSent(job!.id)).toBe(0);

    driver.configure({ failureRate: 0 });
    server.dispatch();
    await expect.poll(() => done(job!.id)).toBe(true);
    expect(phone.timesSent(job!.id)).toBe(1);
    expect(journal.get(job!.id)?.attempt).toBe(2);
  });

  it('keeps up with more than a thousand jobs a second on the simulated phone', async () => {
    const { agent } = await startAgent({ maxConcurrentSends: 100 });
    await expect.poll(() => agent.connected).toBe(true);
    const started = Date.now();
    const jobs = ids(server.addJobs(5000));
    await expect.poll(() => allDone(jobs), { timeout: 10_000, interval: 20 }).toBe(true);
    const perSecond = 5000 / ((Date.now() - started) / 1000);
    // ~8,000/s on an idle 2-core box, server included: a floor that catches gross slowdowns and leaves room
    // for a busy CI machine. The bench measures the real thing (50 agents).
    expect(perSecond).toBeGreaterThan(1000);
    expect(phone.duplicates()).toEqual([]);
  });
});
