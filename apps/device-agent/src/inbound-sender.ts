import { INBOUND_BATCH_MAX, inboundSms, type InboundSms } from '@prospector/core/contract/device';
import type { Connection, ConnectionTiming } from './connection.js';
import { createFlushLoop } from './flush-loop.js';
import type { Journal } from './journal.js';
import type { Logger } from './logger.js';

/** The shortest and longest the agent waits for the server's "send these later", whatever it asks. */
export const MIN_INBOUND_HOLD_MS = 100;
export const MAX_INBOUND_HOLD_MS = 10 * 60 * 1000;

/**
 * Texts the phone received, from the driver to the server (docs/device-protocol.md, "Inbound texts").
 * Each stays in the journal until the server has stored or refused it. Texts it deferred (the
 * device's inbound rate, a passing fault) and batches it could not take at all are kept and sent
 * again later: after the delay it asked for, or with backoff.
 */
export function createInboundSender(deps: {
  connection: Connection;
  journal: Journal;
  logger: Logger;
  timing: ConnectionTiming;
  onError: (err: unknown) => void;
}) {
  const { connection, journal, logger, timing } = deps;
  const loop = createFlushLoop(flush, deps.onError);
  /** Set while received texts wait: the server deferred them, or could not take the last batch. */
  let holdTimer: NodeJS.Timeout | undefined;
  let batchSize = INBOUND_BATCH_MAX;
  let refusals = 0;

  async function flush(): Promise<void> {
    while (connection.ready && !holdTimer && journal.pendingInbound(1).length > 0) {
      const messages = journal.pendingInbound(batchSize);
      const answer = await connection.emit('inbound', { messages });
      if (!answer.ok && answer.reason === 'no-answer') continue;
      if (!answer.ok) {
        const waitMs = Math.min(timing.reconnectionDelayMaxMs, timing.reconnectionDelayMs * 2 ** refusals++);
        logger.error('the server could not take received texts; keeping them to send again', {
          error: answer.error,
          count: messages.length,
          inMs: waitMs,
        });
        return hold(waitMs);
      }
      refusals = 0;
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
        batchSize = INBOUND_BATCH_MAX;
        continue;
      }
      // After the wait, the deferred texts alone: the server timed the wait for them (up to its burst),
      // and newer texts would only be deferred again.
      batchSize = Math.min(INBOUND_BATCH_MAX, held.size);
      logger.info('the server asked to send received texts later', { count: held.size, inMs: retryAfterMs });
      return hold(Math.max(MIN_INBOUND_HOLD_MS, retryAfterMs));
    }
  }

  /**
   * No received texts go to the server for `ms`; then the loop runs again by itself. The timer, not
   * the wall clock, ends the wait: a timer may fire a millisecond before `Date.now()` says it is due.
   */
  function hold(ms: number): void {
    clearTimeout(holdTimer);
    holdTimer = setTimeout(
      () => {
        holdTimer = undefined;
        loop.kick();
      },
      Math.min(Math.max(0, ms), MAX_INBOUND_HOLD_MS),
    );
  }

  return {
    /** Called by the driver before it moves its cursor on: journalled here, so a crash cannot lose them. */
    receive(messages: InboundSms[]): void {
      // Journalled as the contract reads them (U+0000 dropped, lone surrogates replaced), so the
      // server gets texts it can store.
      const valid = messages.flatMap((m) => {
        const parsed = inboundSms.safeParse(m);
        return parsed.success ? [parsed.data] : [];
      });
      if (valid.length < messages.length)
        logger.warn('ignored unreadable texts', { count: messages.length - valid.length });
      if (valid.length === 0) return;
      journal.addInbound(valid);
      logger.info('texts received', { count: valid.length });
      loop.kick();
    },
    kick: () => loop.kick(),
    idle: () => loop.idle(),
    /** Cancels a wait for good: the agent is stopping. */
    stop(): void {
      clearTimeout(holdTimer);
    },
  };
}
