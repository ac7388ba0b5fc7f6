import {
  INBOUND_BATCH_MAX,
  inboundSms,
  type DeviceJob,
  type InboundSms,
} from '@prospector/core/contract/device';
import type { AgentConfig } from './config.js';
import { createConnection, type ConnectionTiming } from './connection.js';
import { DriverError, type Driver } from './drivers/types.js';
import { createFlushLoop } from './flush-loop.js';
import type { JobRecord, Journal } from './journal.js';
import type { Logger } from './logger.js';
import { createSendQueue } from './send-queue.js';

/** The error reported for a job the agent was sending when it died: sending again could text twice. */
export const OUTCOME_UNKNOWN = 'outcome unknown';

/** The shortest and longest the agent waits for the server's "send these later", whatever it asks. */
export const MIN_INBOUND_HOLD_MS = 100;
export const MAX_INBOUND_HOLD_MS = 10 * 60 * 1000;

export type AgentTiming = ConnectionTiming & {
  /** How long `stop()` keeps trying to deliver unacknowledged reports. */
  stopFlushMs: number;
};

export const DEFAULT_TIMING: AgentTiming = {
  ackTimeoutMs: 10_000,
  reconnectionDelayMs: 1_000,
  reconnectionDelayMaxMs: 30_000,
  stopFlushMs: 3_000,
};

export type StopReason = 'requested' | 'unauthorized';

export type Agent = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once the agent has stopped, with why (main exits 2 on 'unauthorized'). */
  readonly stopped: Promise<StopReason>;
  readonly connected: boolean;
};

export type AgentDeps = {
  config: Pick<AgentConfig, 'serverUrl' | 'deviceToken' | 'maxConcurrentSends' | 'sendIntervalMs'>;
  driver: Driver;
  journal: Journal;
  logger: Logger;
  timing?: Partial<AgentTiming>;
};

type OfferAction = 'accept' | 'accept-again' | 'in-progress' | 'outcome-unknown' | 're-report';

/**
 * What to do with an offered job, from what the journal knows of it. A job failed retryably comes back
 * with a higher `attempt`: that is a new try. A dropped job (the server refused our accept) was never
 * sent, so it may be taken again.
 */
export function classifyOffer(
  record: JobRecord | undefined,
  job: DeviceJob,
  sendingNow: boolean,
): OfferAction {
  if (!record || record.state === 'dropped') return 'accept';
  switch (record.state) {
    case 'accepted':
      return 'accept-again';
    case 'sending':
      return sendingNow ? 'in-progress' : 'outcome-unknown';
    case 'failed':
      return record.retryable && job.attempt > record.attempt ? 'accept' : 're-report';
    case 'sent':
    case 'delivered':
      return 're-report';
  }
}

function describeFailure(err: unknown): { error: string; retryable: boolean } {
  if (err instanceof DriverError) return { error: err.message, retryable: err.retryable };
  // An unexpected error may have struck after the text left: never claim it did not.
  return { error: err instanceof Error ? err.message : String(err), retryable: false };
}

export function createAgent(deps: AgentDeps): Agent {
  const { config, driver, journal, logger } = deps;
  const timing = { ...DEFAULT_TIMING, ...deps.timing };
  /** Content of jobs offered in this run and not yet sent; ids journalled `accepted` with no content wait for a new offer. */
  const offered = new Map<string, DeviceJob>();
  /** Ids to accept, with the offer that asked: an answer only settles the offer it was about. */
  const toAccept = new Map<string, number>();
  let offerCount = 0;
  let phase: 'idle' | 'running' | 'stopping' | 'stopped' = 'idle';
  let stopping: Promise<void> | undefined;
  let resolveStopped: (reason: StopReason) => void = () => undefined;
  const stopped = new Promise<StopReason>((resolve) => (resolveStopped = resolve));

  const onLoopError = (err: unknown) =>
    logger.error('agent error', { error: err instanceof Error ? err.message : err });
  const reports = createFlushLoop(flushReports, onLoopError);
  const accepts = createFlushLoop(flushAccepts, onLoopError);
  const inbound = createFlushLoop(flushInbound, onLoopError);
  const sendQueue = createSendQueue<DeviceJob>({
    concurrency: config.maxConcurrentSends,
    intervalMs: config.sendIntervalMs,
    run: sendJob,
    onError: onLoopError,
  });
  const inFlight = new Set<string>();
  /** Set while received texts wait: the server deferred them, or could not take the last batch. */
  let inboundTimer: NodeJS.Timeout | undefined;
  let inboundBatchSize = INBOUND_BATCH_MAX;
  let inboundRefusals = 0;

  const connection = createConnection({
    serverUrl: config.serverUrl,
    token: config.deviceToken,
    platform: driver.platform,
    timing,
    logger,
    readBattery: driver.readBattery?.bind(driver),
    onReady: () => {
      // Reports first: the protocol has the server re-offer accepted jobs once it has them.
      reports.kick();
      accepts.kick();
      inbound.kick();
    },
    onJobs: receiveOffer,
    onUnauthorized: () => {
      logger.error(
        'The server refused this device token (device unauthorized): the device was removed or the token is ' +
          'wrong. Download the agent again from the Devices screen. Stopping.',
      );
      void stopWith('unauthorized');
    },
  });

  function receiveOffer(jobs: DeviceJob[]): void {
    if (phase !== 'running') return;
    const fresh: DeviceJob[] = [];
    for (const job of jobs) {
      const action = classifyOffer(journal.get(job.id), job, inFlight.has(job.id));
      if (action === 'accept' || action === 'accept-again') {
        if (action === 'accept') fresh.push(job);
        offered.set(job.id, job);
        toAccept.set(job.id, ++offerCount);
      } else if (action === 'outcome-unknown') {
        journal.markFailed(job.id, OUTCOME_UNKNOWN, false);
      } else if (action === 're-report') {
        journal.requeueReports(job.id);
      }
    }
    // Journal first: after a crash the agent must know it asked for these.
    if (fresh.length > 0) journal.markAccepted(fresh);
    logger.debug('jobs offered', { count: jobs.length, new: fresh.length });
    reports.kick();
    accepts.kick();
  }

  async function flushAccepts(): Promise<void> {
    while (connection.ready && phase === 'running' && toAccept.size > 0) {
      const batch = [...toAccept].slice(0, 1000);
      const answer = await connection.emit('accept', { ids: batch.map(([id]) => id) });
      if (!answer.ok && answer.reason === 'no-answer') continue;
      if (!answer.ok)
        logger.error('the server could not read an accept; dropping those jobs', { error: answer.error });
      const accepted = new Set(answer.ok ? answer.value.accepted : []);
      const rejected: string[] = [];
      for (const [id, offer] of batch) {
        if (toAccept.get(id) !== offer) continue; // offered again meanwhile: that offer's answer decides
        toAccept.delete(id);
        if (accepted.has(id)) startSending(id);
        else rejected.push(id);
      }
      dropJobs(rejected);
    }
  }

  function startSending(id: string): void {
    const job = offered.get(id);
    if (job && journal.get(id)?.state === 'accepted') sendQueue.push(job);
  }

  function dropJobs(ids: string[]): void {
    const drop = ids.filter((id) => journal.get(id)?.state === 'accepted');
    for (const id of ids) offered.delete(id);
    if (drop.length === 0) return;
    journal.markDropped(drop);
    logger.info('jobs taken back by the server; not sending them', { count: drop.length });
  }

  async function sendJob(job: DeviceJob): Promise<void> {
    if (phase !== 'running' || journal.get(job.id)?.state !== 'accepted') return;
    journal.markSending(job.id); // before the phone gets it: what makes a crash safe
    inFlight.add(job.id);
    try {
      await driver.send(job);
      journal.markSent(job.id);
      logger.info('sent', { job: job.id, to: job.to });
    } catch (err) {
      const { error, retryable } = describeFailure(err);
      journal.markFailed(job.id, error, retryable);
      logger.warn('send failed', { job: job.id, to: job.to, error, retryable });
    } finally {
      inFlight.delete(job.id);
      offered.delete(job.id);
    }
    reports.kick();
  }

  async function flushReports(): Promise<void> {
    while (connection.ready && journal.unreportedCount > 0) {
      const batch = journal.unreported(1000);
      const answer = await connection.emit('report', { reports: batch });
      if (!answer.ok && answer.reason === 'no-answer') continue;
      if (!answer.ok)
        logger.error('the server could not read reports; not sending them again', { error: answer.error });
      journal.markReported(batch);
    }
  }

  /**
   * Received texts leave the journal only once the server has stored or refused each one. Texts it
   * deferred (the device's inbound rate, a passing fault) and batches it could not take at all are
   * kept and sent again later: after the delay it asked for, or with backoff.
   */
  async function flushInbound(): Promise<void> {
    while (connection.ready && !inboundTimer && journal.pendingInbound(1).length > 0) {
      const messages = journal.pendingInbound(inboundBatchSize);
      const answer = await connection.emit('inbound', { messages });
      if (!answer.ok && answer.reason === 'no-answer') continue;
      if (!answer.ok) {
        const waitMs = Math.min(
          timing.reconnectionDelayMaxMs,
          timing.reconnectionDelayMs * 2 ** inboundRefusals++,
        );
        logger.error('the server could not take received texts; keeping them to send again', {
          error: answer.error,
          count: messages.length,
          inMs: waitMs,
        });
        holdInbound(waitMs);
        return;
      }
      inboundRefusals = 0;
      const { rejected = [], deferred = [], retryAfterMs = 0 } = answer.value;
      const sent = new Map(messages.map((m) => [m.id, m]));
      const held = new Set(deferred);
      const refused = rejected.filter((r) => sent.has(r.id) && !held.has(r.id));
      for (const { id, reason } of refused) {
        const text = sent.get(id);
        // The text itself goes to the log: it is the one place left where its owner can still read it.
        logger.error('the server refused a received text; not sending it again', {
          id,
          reason,
          from: text?.from,
          at: text?.at,
          body: text?.body,
        });
      }
      journal.rejectInbound(refused);
      const settled = new Set([...held, ...refused.map((r) => r.id)]);
      journal.ackInbound(messages.map((m) => m.id).filter((id) => !settled.has(id)));
      if (held.size === 0) {
        inboundBatchSize = INBOUND_BATCH_MAX;
        continue;
      }
      // After the wait, the deferred texts alone: the server timed the wait for them (up to its burst),
      // and newer texts would only be deferred again.
      inboundBatchSize = Math.min(INBOUND_BATCH_MAX, held.size);
      logger.info('the server asked to send received texts later', { count: held.size, inMs: retryAfterMs });
      holdInbound(Math.max(MIN_INBOUND_HOLD_MS, retryAfterMs));
      return;
    }
  }

  /**
   * No received texts go to the server for `ms`; then the loop runs again by itself. The timer, not
   * the wall clock, ends the wait: a timer may fire a millisecond before `Date.now()` says it is due.
   */
  function holdInbound(ms: number): void {
    clearTimeout(inboundTimer);
    inboundTimer = setTimeout(
      () => {
        inboundTimer = undefined;
        inbound.kick();
      },
      Math.min(Math.max(0, ms), MAX_INBOUND_HOLD_MS),
    );
  }

  /** Called by the driver before it moves its cursor on: journalled here, so a crash cannot lose them. */
  function receiveInbound(messages: InboundSms[]): void {
    // Journalled as the contract reads them (U+0000 dropped, lone surrogates replaced), so the server
    // gets texts it can store.
    const valid = messages.flatMap((m) => {
      const parsed = inboundSms.safeParse(m);
      return parsed.success ? [parsed.data] : [];
    });
    if (valid.length < messages.length)
      logger.warn('ignored unreadable texts', { count: messages.length - valid.length });
    if (valid.length === 0) return;
    journal.addInbound(valid);
    logger.info('texts received', { count: valid.length });
    inbound.kick();
  }

  function markDelivered(jobId: string): void {
    if (journal.get(jobId)?.state !== 'sent') return;
    journal.markDelivered(jobId);
    reports.kick();
  }

  /** A job still `sending` at start was cut off by a crash: whether it left the phone is unknown. */
  function settleInterruptedSends(): void {
    const interrupted = [...journal.jobs()].filter((r) => r.state === 'sending').map((r) => r.id);
    for (const id of interrupted) journal.markFailed(id, OUTCOME_UNKNOWN, false);
    if (interrupted.length > 0)
      logger.warn('texts interrupted by the last stop reported as failed', { count: interrupted.length });
  }

  function stopWith(reason: StopReason): Promise<void> {
    stopping ??= (async () => {
      const wasRunning = phase === 'running';
      phase = 'stopping';
      await sendQueue.stop();
      if (wasRunning && reason === 'requested' && connection.ready) {
        reports.kick();
        inbound.kick();
        const deadline = new Promise((resolve) => setTimeout(resolve, timing.stopFlushMs).unref());
        await Promise.race([Promise.all([reports.idle(), inbound.idle()]), deadline]);
      }
      connection.close();
      clearTimeout(inboundTimer);
      await driver.stop();
      await Promise.all([reports.idle(), accepts.idle(), inbound.idle()]);
      phase = 'stopped';
      logger.info('agent stopped', { reason, unreported: journal.unreportedCount });
      resolveStopped(reason);
    })();
    return stopping;
  }

  return {
    async start() {
      if (phase !== 'idle') throw new Error('the agent can only be started once');
      phase = 'running';
      settleInterruptedSends();
      await driver.start(receiveInbound, markDelivered);
      logger.info('agent started', {
        driver: driver.platform,
        journal: journal.filePath,
        unreported: journal.unreportedCount,
      });
      connection.open();
    },
    stop: () => stopWith('requested'),
    stopped,
    get connected() {
      return connection.ready;
    },
  };
}
