import {
  DEVICE_NAMESPACE,
  DEVICE_PING_INTERVAL_MS,
  DEVICE_UNAUTHORIZED,
  deviceClientEvents,
  deviceHandshake,
  inboundEnvelope,
  serverMessages,
  type DeviceAck,
  type DeviceAgentToServer,
  type DeviceServerToAgent,
} from '@prospector/core';
import {
  isBucketFull,
  takeInboundTokens,
  agentKeepsDeferredTexts,
  type InboundRate,
  type TokenBucket,
} from '@prospector/core/rules/device-inbound';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import type { Db } from '../../db/client.js';
import type { Peers } from '../../plugins/realtime.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './devices.queries.js';
import { readInbound } from './inbound.js';
import { parseDeviceToken, tokenMatches } from './devices.tokens.js';
import type { SmsService } from './sms.service.js';

type Data = { deviceId: string; teamId: string };
type DeviceSocket = Socket<DeviceAgentToServer, DeviceServerToAgent, Record<string, never>, Data>;

export type GatewayOptions = {
  /** Unreported jobs a device may hold. */
  maxInFlight: number;
  /** An offer not accepted within this goes back to the queue. */
  offerTimeoutMs: number;
  /** Accepted jobs of a device away longer than this fail (never re-sent elsewhere). */
  strandedAfterMs: number;
  sweepMs: number;
  /** Texts per second a device may hand in, and how many it may save up (docs/device-protocol.md). */
  inboundRate: InboundRate;
};

/** How long a device waits before sending again texts the database could not take for a passing fault. */
const INBOUND_FAULT_RETRY_MS = 5_000;

/**
 * The `/device` namespace (docs/device-protocol.md): authenticates agents by device token, keeps one
 * live socket per device, offers queued jobs up to `maxInFlight`, and applies accepts, reports and
 * inbound texts. Each process serves the devices connected to it; jobs are claimed with SKIP LOCKED.
 */
export function createDeviceGateway(deps: {
  io: Server;
  db: Db;
  /** Offers and accepts go through the device flood's own pool. */
  dispatchDb: Db;
  clock: Clock;
  secret: string;
  sms: () => SmsService;
  log: FastifyBaseLogger;
  onChanged: (teamId: string) => void;
  /** The app's other processes: a device connected to one of them is told through it (ADR 029). */
  peers: Pick<Peers, 'tell' | 'on'>;
  options: GatewayOptions;
}) {
  const { db, clock, options } = deps;
  const nsp = deps.io.of(DEVICE_NAMESPACE) as unknown as Namespace<
    DeviceAgentToServer,
    DeviceServerToAgent,
    Record<string, never>,
    Data
  >;
  const sockets = new Map<string, DeviceSocket>();
  const offering = new Map<string, Promise<void>>();
  // Each device's line of inbound follow-ups, awaited when the gateway stops.
  const followUpLines = new Map<string, Promise<unknown>>();
  // Each device's received texts are stored one batch at a time, across reconnects too: a batch sent
  // again after a drop waits for the first instead of racing it.
  const inboundLines = new Map<string, Promise<unknown>>();
  // Each device's inbound allowance; kept across reconnects, so reconnecting does not refill it.
  const buckets = new Map<string, TokenBucket>();
  let timer: NodeJS.Timeout | null = null;

  nsp.use(async (socket, next) => {
    try {
      const hs = deviceHandshake.safeParse(socket.handshake.auth);
      const parsed = hs.success ? parseDeviceToken(hs.data.token) : null;
      const device = parsed ? await q.findDevice(db, parsed.deviceId) : null;
      if (!hs.success || !parsed || !device || device.kind === 'iphone')
        return next(new Error(DEVICE_UNAUTHORIZED));
      if (!tokenMatches(deps.secret, device.id, device.tokenVersion, parsed.signature))
        return next(new Error(DEVICE_UNAUTHORIZED));
      socket.data = { deviceId: device.id, teamId: device.teamId };
      next();
    } catch (err) {
      deps.log.error({ err }, 'device authentication failed');
      next(new Error(DEVICE_UNAUTHORIZED));
    }
  });

  /** Offers what the device may take now; one offer round per device at a time. */
  function offer(deviceId: string, resend: boolean = false): Promise<void> {
    const socket = sockets.get(deviceId);
    if (!socket) return Promise.resolve();
    const previous = offering.get(deviceId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        if (sockets.get(deviceId) !== socket) return;
        const again = resend ? await q.acceptedJobs(deps.dispatchDb, deviceId) : [];
        const fresh = await q.claimJobs(deps.dispatchDb, deviceId, options.maxInFlight, clock.now());
        const jobs = [...again, ...fresh];
        if (jobs.length) socket.emit('jobs', { jobs });
      })
      .catch((err: unknown) => deps.log.error({ err, deviceId }, 'offering jobs failed'));
    offering.set(deviceId, next);
    return next;
  }

  nsp.on('connection', async (socket) => {
    const { deviceId, teamId } = socket.data;
    const auth = deviceHandshake.parse(socket.handshake.auth);
    sockets.get(deviceId)?.disconnect(true);
    sockets.set(deviceId, socket);
    const now = clock.now();
    await q.updateDevice(db, deviceId, {
      connected: true,
      connectedAt: now,
      pingedAt: now,
      platform: auth.platform,
      agentVersion: auth.agentVersion,
    });
    // The row is read once per connection: removing the device disconnects it (drop()).
    const device = await q.findDevice(db, deviceId);
    if (!device) return void socket.disconnect(true);
    socket.emit('hello', {
      deviceId,
      name: device.value,
      pingIntervalMs: DEVICE_PING_INTERVAL_MS,
      maxInFlight: options.maxInFlight,
    });
    deps.onChanged(teamId);

    // A device's reports are applied one batch at a time, in arrival order; its inbound texts have a
    // line of their own (inboundLines): a reply does not wait behind a backlog of delivery reports.
    const lines = { report: Promise.resolve() as Promise<unknown> };
    const handle = <E extends keyof typeof deviceClientEvents>(
      event: E,
      work: (
        payload: ReturnType<(typeof deviceClientEvents)[E]['parse']>,
        device: q.DeviceRow,
      ) => Promise<object>,
      serial: keyof typeof lines | null = null,
    ) => {
      socket.on(event, (async (payload: unknown, ack: (answer: object) => void) => {
        const reply = typeof ack === 'function' ? ack : () => {};
        const parsed = deviceClientEvents[event].safeParse(payload);
        if (!parsed.success) return reply({ error: parsed.error.issues[0]?.message ?? 'invalid payload' });
        const run = () => work(parsed.data as never, device);
        const result = serial ? (lines[serial] = lines[serial].catch(() => undefined).then(run)) : run();
        try {
          reply((await result) as object);
        } catch (err) {
          deps.log.error({ err, deviceId, event }, 'device event failed');
          reply({ error: 'server error' });
        }
      }) as never);
    };

    handle('ping', async () => {
      await q.updateDevice(db, deviceId, { pingedAt: clock.now(), connected: true });
      return { ok: true };
    });
    handle('accept', async (p) => {
      const accepted = await q.acceptJobs(deps.dispatchDb, deviceId, p.ids, clock.now());
      const set = new Set(accepted);
      return { accepted, rejected: p.ids.filter((id) => !set.has(id)) };
    });
    handle(
      'report',
      async (p, d) => {
        await deps.sms().applyReports(d, p.reports);
        return { ok: true };
      },
      'report',
    );
    socket.on('inbound', (async (payload: unknown, ack: (answer: object) => void) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const envelope = inboundEnvelope.safeParse(payload);
      if (!envelope.success) return reply({ error: envelope.error.issues[0]?.message ?? 'invalid payload' });
      try {
        reply(await receive(device, envelope.data.messages));
      } catch (err) {
        deps.log.error({ err: (err as { cause?: unknown }).cause ?? err, deviceId }, 'device event failed');
        reply({ error: 'server error' });
      }
    }) as never);

    socket.on('disconnect', async () => {
      if (sockets.get(deviceId) !== socket) return;
      sockets.delete(deviceId);
      try {
        const at = clock.now();
        await q.updateDevice(db, deviceId, { connected: false, disconnectedAt: at });
        await q.requeueOffered(db, deviceId, new Date(at.getTime() + 1));
        deps.onChanged(teamId);
      } catch (err) {
        deps.log.error({ err, deviceId }, 'device disconnect bookkeeping failed');
      }
    });

    // Offers made to an earlier socket of the device come back now, not after the offer timeout: a
    // process that died holding that socket never hands them back (ADR 029). One the agent had taken
    // is known to its journal and accepted again (classifyOffer).
    await q.requeueOffered(deps.dispatchDb, deviceId, now);
    await offer(deviceId, true);
  });

  /**
   * An inbound batch (docs/device-protocol.md, "Inbound texts"). Each text stands alone: an unreadable
   * one or one the database refuses is `rejected` with why, and the others are stored. The device's
   * allowance is taken before any database work, so a flood costs the server a parse, not a query:
   * the texts past it are `deferred`, and the agent keeps them and sends them after `retryAfterMs`.
   * The follow-ups (notifications, counters, hook, campaign stop) keep their order on a line of their
   * own, after the ack: the next reply is not held behind them.
   */
  async function receive(device: q.DeviceRow, items: unknown[]): Promise<DeviceAck<'inbound'>> {
    const deviceId = device.id;
    const { texts, rejected } = readInbound(items);
    const rate = options.inboundRate;
    const grant = takeInboundTokens(buckets.get(deviceId), clock.now().getTime(), texts.length, rate);
    buckets.set(deviceId, grant.bucket);
    // An agent older than deferral would drop the deferred texts: it gets every text stored instead.
    if (!agentKeepsDeferredTexts(device.agentVersion)) grant.granted = texts.length;
    const admitted = texts.slice(0, grant.granted);
    const deferred = texts.slice(grant.granted).map((t) => t.id);
    let retryAfterMs = deferred.length > 0 ? grant.retryAfterMs : 0;
    if (admitted.length > 0) {
      const line = (inboundLines.get(deviceId) ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => deps.sms().receiveInbound(device, admitted));
      inboundLines.set(
        deviceId,
        line.catch(() => undefined),
      );
      const received = await line;
      const follow = (followUpLines.get(deviceId) ?? Promise.resolve())
        .then(received.followUps)
        .catch((err: unknown) => deps.log.error({ err, deviceId }, 'inbound follow-ups failed'));
      followUpLines.set(deviceId, follow);
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

  // Another process queued work for, or removed, a device whose socket is here.
  deps.peers.on('deviceKick', (id) => {
    if (typeof id === 'string') void offer(id);
  });
  deps.peers.on('deviceDrop', (id) => {
    if (typeof id === 'string') sockets.get(id)?.disconnect(true);
  });

  async function sweep() {
    const now = clock.now();
    for (const [id, bucket] of buckets)
      if (!sockets.has(id) && isBucketFull(bucket, now.getTime(), options.inboundRate)) buckets.delete(id);
    await q.requeueOffered(db, null, new Date(now.getTime() - options.offerTimeoutMs));
    await deps.sms().failStranded(options.strandedAfterMs);
    await Promise.all([...sockets.keys()].map((id) => offer(id)));
  }

  return {
    /** Closes a device's socket, in whichever process holds it (a removed device; tests simulating a drop). */
    drop(deviceId: string) {
      const socket = sockets.get(deviceId);
      if (socket) socket.disconnect(true);
      else deps.peers.tell('deviceDrop', deviceId);
    },
    /** New work for a device: offered at once, by the process its socket is connected to. */
    kick: (deviceId: string) => {
      if (sockets.has(deviceId)) void offer(deviceId);
      else deps.peers.tell('deviceKick', deviceId);
    },
    start() {
      timer = setInterval(() => {
        sweep().catch((err: unknown) => deps.log.error({ err }, 'device sweep failed'));
      }, options.sweepMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all([...offering.values(), ...inboundLines.values(), ...followUpLines.values()]);
      for (const socket of sockets.values()) socket.disconnect(true);
    },
    connectedHere: () => [...sockets.keys()],
  };
}

export type DeviceGateway = ReturnType<typeof createDeviceGateway>;
