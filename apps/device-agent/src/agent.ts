import type { DeviceJob } from '@prospector/core/contract/device';
import type { AgentConfig } from './config.js';
import { createConnection, type ConnectionTiming } from './connection.js';
import { DriverError, type Driver } from './drivers/types.js';
import { createFlushLoop } from './flush-loop.js';
import { createInboundSender } from './inbound-sender.js';
import type { JobRecord, Journal } from './journal.js';
import type { Logger } from './logger.js';
import { createSendQueue } from './send-queue.js';

/** The error reported for a job the agent was sending when it died: sending again could text twice. */
export const OUTCOME_UNKNOWN = 'outcome unknown';

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
  const sendQueue = createSendQueue<DeviceJob>({
    concurrency: config.maxConcurrentSends,
    intervalMs: config.sendIntervalMs,
    run: sendJob,
    onError: onLoopError,
  });
  const inFlight = new Set<string>();

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

  const inbound = createInboundSender({ connection, journal, logger, timing, onError: onLoopError });

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
      inbound.stop();
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
      await driver.start(inbound.receive, markDelivered);
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
