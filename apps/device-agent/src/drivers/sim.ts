import { randomUUID } from 'node:crypto';
import type { DeviceJob, InboundSms } from '@prospector/core/contract/device';
import type { SimOptions, SimReply } from '../config.js';
import { DriverError, type Driver, type OnDelivered, type OnInbound } from './types.js';

/**
 * A simulated phone for demos, tests and the bench. With `latencyMs: 0` it sets no timer per job: sends
 * resolve at once and deliveries and replies go out in one batch per event-loop turn, so one process
 * can run many agents at thousands of jobs per second.
 */
export type SimSend = { jobId: string; to: string; body: string; at: string };

/** What the simulated recipients received; share one between agent restarts to catch double sends. */
export class SimPhoneLog {
  readonly sends: SimSend[] = [];
  private readonly counts = new Map<string, number>();

  record(send: SimSend): void {
    this.sends.push(send);
    this.counts.set(send.jobId, (this.counts.get(send.jobId) ?? 0) + 1);
  }

  timesSent(jobId: string): number {
    return this.counts.get(jobId) ?? 0;
  }

  private readonly deliveredIds = new Set<string>();

  markDelivered(jobId: string): void {
    this.deliveredIds.add(jobId);
  }

  /** Texts the recipients got whose delivery receipt has not reached the phone's owner yet. */
  undelivered(): string[] {
    return [...this.counts.keys()].filter((id) => !this.deliveredIds.has(id));
  }

  /** Job ids the recipients got more than once: must always be empty. */
  duplicates(): string[] {
    return [...this.counts].filter(([, n]) => n > 1).map(([jobId]) => jobId);
  }
}

/** mulberry32: tiny, fast and good enough to decide which simulated sends fail. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first rule whose text and recipient match: a rule without `match` or `lastDigits` takes any. */
export function findReply(replies: readonly SimReply[], body: string, to = ''): SimReply | undefined {
  const text = body.toLowerCase();
  const last = to.slice(-1);
  return replies.find(
    (r) =>
      (r.match === undefined || text.includes(r.match.toLowerCase())) &&
      (r.lastDigits === undefined || r.lastDigits.includes(last)),
  );
}

/** Runs callbacks after a fixed delay with one timer at a time (due times only grow: FIFO order). */
class FixedDelayQueue {
  private readonly items: { due: number; run: () => void }[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly delayMs: number) {}

  push(run: () => void): void {
    this.items.push({ due: Date.now() + this.delayMs, run });
    if (!this.timer) this.arm();
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.items.length = 0;
    this.head = 0;
  }

  private arm(): void {
    const next = this.items[this.head];
    if (!next) {
      this.items.length = 0;
      this.head = 0;
      this.timer = undefined;
      return;
    }
    this.timer = setTimeout(() => this.fire(), Math.max(0, next.due - Date.now()));
  }

  private fire(): void {
    const now = Date.now();
    for (let item = this.items[this.head]; item && item.due <= now; item = this.items[this.head]) {
      this.head++;
      item.run();
    }
    this.arm();
  }
}

export type SimDriver = Driver & {
  readonly log: SimPhoneLog;
  /** Changes latency, failure rate or replies while running (tests, demos). */
  configure(options: Partial<SimOptions>): void;
  /** Texts arrive on the simulated phone at once, as a flood would (tests, benches); ids default to new uuids. */
  receive(texts: readonly (Pick<InboundSms, 'from' | 'body'> & Partial<InboundSms>)[]): void;
};

export function createSimDriver(initial: SimOptions, deps: { log?: SimPhoneLog } = {}): SimDriver {
  const log = deps.log ?? new SimPhoneLog();
  let options = { ...initial };
  let random = seededRandom(options.seed);
  let queue = new FixedDelayQueue(options.latencyMs);
  const queues = [queue];
  let onInbound: OnInbound | undefined;
  let onDelivered: OnDelivered | undefined;
  let running = false;
  const replyTimers = new Set<NodeJS.Timeout>();

  // Batches for latency 0: flushed once per event-loop turn.
  let deliveredBatch: string[] = [];
  let inboundBatch: InboundSms[] = [];
  let flushScheduled = false;
  const flush = () => {
    flushScheduled = false;
    const delivered = deliveredBatch;
    const inbound = inboundBatch;
    deliveredBatch = [];
    inboundBatch = [];
    if (!running) return;
    for (const jobId of delivered) {
      log.markDelivered(jobId);
      onDelivered?.(jobId);
    }
    if (inbound.length > 0) onInbound?.(inbound);
  };
  const later = () => {
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  };

  const deliver = (jobId: string) => {
    if (options.latencyMs === 0) {
      deliveredBatch.push(jobId);
      later();
    } else
      queue.push(() => {
        if (!running) return;
        log.markDelivered(jobId);
        onDelivered?.(jobId);
      });
  };

  const scheduleReply = (job: DeviceJob) => {
    const rule = findReply(options.replies, job.body, job.to);
    if (!rule) return;
    const message = (): InboundSms => ({
      id: randomUUID(),
      from: job.to,
      body: rule.reply,
      at: new Date().toISOString(),
    });
    const delay = options.latencyMs + (rule.delayMs ?? 0);
    if (delay === 0) {
      inboundBatch.push(message());
      later();
      return;
    }
    const timer = setTimeout(() => {
      replyTimers.delete(timer);
      if (running) onInbound?.([message()]);
    }, delay);
    replyTimers.add(timer);
  };

  const complete = (job: DeviceJob) => {
    if (random() < options.failureRate) {
      throw new DriverError('Simulated failure: no signal', { retryable: true });
    }
    log.record({ jobId: job.id, to: job.to, body: job.body, at: new Date().toISOString() });
    deliver(job.id);
    scheduleReply(job);
  };

  return {
    platform: 'sim',
    log,
    configure(patch) {
      options = { ...options, ...patch };
      if (patch.seed !== undefined) random = seededRandom(patch.seed);
      // The old queue keeps running what it holds; new work uses the new delay.
      if (patch.latencyMs !== undefined) {
        queue = new FixedDelayQueue(options.latencyMs);
        queues.push(queue);
      }
    },
    receive(texts) {
      if (!running) return;
      const at = new Date().toISOString();
      onInbound?.(texts.map((t) => ({ id: randomUUID(), at, ...t })));
    },
    async start(inbound, delivered) {
      onInbound = inbound;
      onDelivered = delivered;
      running = true;
      // Receipts the phone missed while it was off arrive once it is back, as on a real network.
      for (const jobId of log.undelivered()) deliver(jobId);
    },
    send(job) {
      if (!running) return Promise.reject(new DriverError('The simulated phone is off', { retryable: true }));
      if (options.latencyMs === 0) {
        try {
          complete(job);
          return Promise.resolve();
        } catch (err) {
          return Promise.reject(err);
        }
      }
      return new Promise((resolve, reject) => {
        queue.push(() => {
          try {
            complete(job);
            resolve();
          } catch (err) {
            reject(err);
          }
        });
      });
    },
    async stop() {
      running = false;
      for (const q of queues) q.clear();
      for (const timer of replyTimers) clearTimeout(timer);
      replyTimers.clear();
    },
  };
}
