import { serverMessages, type DeviceAck } from '@prospector/core';
import {
  isBucketFull,
  takeInboundTokens,
  agentKeepsDeferredTexts,
  type InboundRate,
  type TokenBucket,
} from '@prospector/core/rules/device-inbound';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type * as q from './devices.queries.js';
import { readInbound } from './inbound.js';
import type { SmsService } from './sms.service.js';

/** How long a device waits before sending again texts the database could not take for a passing fault. */
const INBOUND_FAULT_RETRY_MS = 5_000;

type Deps = {
  clock: Clock;
  sms: () => SmsService;
  log: FastifyBaseLogger;
  /** Texts per second a device may hand in, and how many it may save up. */
  inboundRate: InboundRate;
};

type Lines = {
  // Each device's line of inbound follow-ups, awaited when the gateway stops.
  followUps: Map<string, Promise<unknown>>;
  // Each device's received texts are stored one batch at a time, across reconnects too: a batch sent
  // again after a drop waits for the first instead of racing it.
  stores: Map<string, Promise<unknown>>;
  // Each device's inbound allowance; kept across reconnects, so reconnecting does not refill it.
  buckets: Map<string, TokenBucket>;
};

type Texts = ReturnType<typeof readInbound>['texts'];

/** Stores the admitted texts on the device's line; the follow-ups go on their own line, after. */
async function store(deps: Deps, lines: Lines, device: q.DeviceRow, admitted: Texts) {
  const deviceId = device.id;
  const line = (lines.stores.get(deviceId) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => deps.sms().receiveInbound(device, admitted));
  lines.stores.set(
    deviceId,
    line.catch(() => undefined),
  );
  const received = await line;
  const follow = (lines.followUps.get(deviceId) ?? Promise.resolve())
    .then(received.followUps)
    .catch((err: unknown) => deps.log.error({ err, deviceId }, 'inbound follow-ups failed'));
  lines.followUps.set(deviceId, follow);
  return received;
}

/**
 * An inbound batch. Each text stands alone: an unreadable one or one the database refuses is
 * `rejected` with why, and the others are stored. The device's allowance is taken before any
 * database work, so a flood costs the server a parse, not a query: the texts past it are
 * `deferred`, and the agent keeps them and sends them after `retryAfterMs`. The follow-ups
 * (notifications, counters, hook, campaign stop) keep their order on a line of their own, after
 * the ack: the next reply is not held behind them.
 */
async function receive(
  deps: Deps,
  lines: Lines,
  device: q.DeviceRow,
  items: unknown[],
): Promise<DeviceAck<'inbound'>> {
  const deviceId = device.id;
  const { texts, rejected } = readInbound(items);
  const now = deps.clock.now().getTime();
  const grant = takeInboundTokens(lines.buckets.get(deviceId), now, texts.length, deps.inboundRate);
  lines.buckets.set(deviceId, grant.bucket);
  // An agent older than deferral would drop the deferred texts: it gets every text stored instead.
  if (!agentKeepsDeferredTexts(device.agentVersion)) grant.granted = texts.length;
  const admitted = texts.slice(0, grant.granted);
  const deferred = texts.slice(grant.granted).map((t) => t.id);
  let retryAfterMs = deferred.length > 0 ? grant.retryAfterMs : 0;
  if (admitted.length > 0) {
    const received = await store(deps, lines, device, admitted);
    if (received.refused.length > 0) {
      deps.log.warn({ deviceId, refused: received.refused }, 'received texts refused by the database');
      for (const { id, code } of received.refused)
        rejected.push({ id, reason: serverMessages.deviceInbound.refused.replace('{code}', code) });
    }
    if (received.deferred.length > 0) {
      deps.log.warn(
        { err: received.fault, deviceId, deferred: received.deferred.length },
        'received texts deferred after a database fault',
      );
      deferred.unshift(...received.deferred);
      retryAfterMs = Math.max(retryAfterMs, INBOUND_FAULT_RETRY_MS);
    }
  }
  return {
    ok: true,
    ...(rejected.length > 0 ? { rejected } : {}),
    ...(deferred.length > 0 ? { deferred, retryAfterMs } : {}),
  };
}

/**
 * The texts the gateway's devices hand in (docs/device-protocol.md, "Inbound texts"): each device's
 * allowance, and its two lines, one storing its batches in order and one running their follow-ups.
 */
export function createInboundLine(deps: Deps) {
  const lines: Lines = { followUps: new Map(), stores: new Map(), buckets: new Map() };
  return {
    receive: (device: q.DeviceRow, items: unknown[]) => receive(deps, lines, device, items),

    /** Forgets the full allowances of devices no longer connected here (they would refill to full). */
    forgetIdle(now: Date, connected: (deviceId: string) => boolean) {
      for (const [id, bucket] of lines.buckets)
        if (!connected(id) && isBucketFull(bucket, now.getTime(), deps.inboundRate)) lines.buckets.delete(id);
    },

    /** What is still being stored or followed up (the gateway awaits it when it stops). */
    pending: () => [...lines.stores.values(), ...lines.followUps.values()],
  };
}

export type InboundLine = ReturnType<typeof createInboundLine>;
