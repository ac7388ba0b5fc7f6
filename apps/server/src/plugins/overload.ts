import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serverMessages } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type OverloadOptions = {
  /** API requests being answered at once above which a new one is refused; 0: no limit. */
  maxInFlight: number;
  /** Event-loop delay (ms, the worst of the last sample) above which new API requests are refused; 0: off. */
  maxLoopDelayMs: number;
  /** How often the event-loop delay is read. */
  sampleMs?: number;
  /** The delay to judge by (tests); the process's own event-loop delay otherwise. */
  loopDelayMs?: () => number;
};

/** Seconds a refused client is told to wait (the Retry-After header). */
const RETRY_AFTER_S = 1;
/** Answered even when overloaded: a load balancer's probe must tell busy from dead. */
const ALWAYS_ANSWERED = new Set(['/api/health']);

/**
 * Load shedding (issue 22): when the process is saturated, a new API request is answered at once with
 * 503 and Retry-After instead of waiting in the queue behind the ones it would slow down further.
 * Saturated means more requests in flight than `maxInFlight`, or an event-loop delay over
 * `maxLoopDelayMs` in the last sample. The health route, the web app's files and the sockets are
 * never refused. Refusals are counted and logged once per second at most.
 */
export const overloadPlugin = fp<OverloadOptions>(
  async (app: FastifyInstance, opts) => {
    let inFlight = 0;
    let loopDelayMs = 0;
    let refused = 0;
    let lastLog = 0;
    let timer: NodeJS.Timeout | undefined;
    if (opts.maxLoopDelayMs > 0) {
      const histogram = opts.loopDelayMs ? null : monitorEventLoopDelay({ resolution: 10 });
      histogram?.enable();
      const read = opts.loopDelayMs ?? (() => histogram!.max / 1e6);
      loopDelayMs = opts.loopDelayMs ? read() : 0;
      timer = setInterval(() => {
        loopDelayMs = read();
        histogram?.reset();
      }, opts.sampleMs ?? 500);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        histogram?.disable();
      });
    }

    app.addHook('onRequest', (req, reply, done) => {
      const path = req.url.split('?', 1)[0]!;
      if (!path.startsWith('/api/') || ALWAYS_ANSWERED.has(path)) return done();
      const overloaded =
        (opts.maxInFlight > 0 && inFlight >= opts.maxInFlight) ||
        (opts.maxLoopDelayMs > 0 && loopDelayMs > opts.maxLoopDelayMs);
      if (overloaded) {
        refused++;
        const now = Date.now();
        if (now - lastLog >= 1000) {
          lastLog = now;
          req.log.warn({ inFlight, loopDelayMs, refused }, 'overloaded: requests refused with 503');
        }
        void reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_S))
          .send({ code: 'UNAVAILABLE', message: serverMessages.http.busy });
        return;
      }
      inFlight++;
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        inFlight--;
      };
      // 'close' also fires when the client goes away before its answer.
      reply.raw.once('close', release);
      reply.raw.once('finish', release);
      done();
    });
  },
  { name: 'overload', fastify: '5.x' },
);
