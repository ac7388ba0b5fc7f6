import {
  DEVICE_NAMESPACE,
  DEVICE_UNAUTHORIZED,
  deviceHandshake,
  type DeviceAgentToServer,
  type DeviceServerToAgent,
} from '@prospector/core';
import type { InboundRate } from '@prospector/core/rules/device-inbound';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import type { Db } from '../../db/client.js';
import type { Peers } from '../../plugins/realtime.js';
import type { Clock } from '../../lib/clock.js';
import {
  onDeviceConnection,
  type ConnectionDeps,
  type DeviceData,
  type DeviceSocket,
} from './devices.connection.js';
import { createInboundLine } from './devices.inbound-line.js';
import * as q from './devices.queries.js';
import { parseDeviceToken, tokenMatches } from './devices.tokens.js';
import type { SmsService } from './sms.service.js';

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

/**
 * The `/device` namespace (docs/device-protocol.md): authenticates agents by device token, keeps one
 * live socket per device, offers queued jobs up to `maxInFlight`, and applies accepts, reports
 * (devices.connection.ts) and inbound texts (devices.inbound-line.ts). Each process serves the devices
 * connected to it; jobs are claimed with SKIP LOCKED.
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
    DeviceData
  >;
  const sockets = new Map<string, DeviceSocket>();
  const offering = new Map<string, Promise<void>>();
  const inbound = createInboundLine({
    clock,
    sms: deps.sms,
    log: deps.log,
    inboundRate: options.inboundRate,
  });
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

  const connection: ConnectionDeps = {
    db,
    dispatchDb: deps.dispatchDb,
    clock,
    sms: deps.sms,
    log: deps.log,
    onChanged: deps.onChanged,
    maxInFlight: options.maxInFlight,
    sockets,
    offer,
    inbound,
  };
  nsp.on('connection', (socket) => onDeviceConnection(connection, socket));

  // Another process queued work for, or removed, a device whose socket is here.
  deps.peers.on('deviceKick', (id) => {
    if (typeof id === 'string') void offer(id);
  });
  deps.peers.on('deviceDrop', (id) => {
    if (typeof id === 'string') sockets.get(id)?.disconnect(true);
  });

  async function sweep() {
    const now = clock.now();
    inbound.forgetIdle(now, (id) => sockets.has(id));
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
      await Promise.all([...offering.values(), ...inbound.pending()]);
      for (const socket of sockets.values()) socket.disconnect(true);
    },
    connectedHere: () => [...sockets.keys()],
  };
}

export type DeviceGateway = ReturnType<typeof createDeviceGateway>;
