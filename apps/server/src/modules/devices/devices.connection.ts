import {
  DEVICE_PING_INTERVAL_MS,
  deviceClientEvents,
  deviceHandshake,
  inboundEnvelope,
  type DeviceAgentToServer,
  type DeviceServerToAgent,
} from '@prospector/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './devices.queries.js';
import type { InboundLine } from './devices.inbound-line.js';
import type { SmsService } from './sms.service.js';

export type DeviceData = { deviceId: string; teamId: string };
export type DeviceSocket = Socket<
  DeviceAgentToServer,
  DeviceServerToAgent,
  Record<string, never>,
  DeviceData
>;

/** What a device's connection needs of its gateway. */
export type ConnectionDeps = {
  db: Db;
  /** Offers and accepts go through the device flood's own pool. */
  dispatchDb: Db;
  clock: Clock;
  sms: () => SmsService;
  log: FastifyBaseLogger;
  onChanged: (teamId: string) => void;
  maxInFlight: number;
  /** The live socket of each device connected here. */
  sockets: Map<string, DeviceSocket>;
  /** Offers what the device may take now (`resend`: its accepted jobs again too). */
  offer: (deviceId: string, resend?: boolean) => Promise<void>;
  inbound: InboundLine;
};

/**
 * A device's agent connected (docs/device-protocol.md): it replaces the device's earlier socket, is
 * greeted, and its pings, accepts, reports and inbound texts are applied until it disconnects.
 */
export async function onDeviceConnection(deps: ConnectionDeps, socket: DeviceSocket) {
  const { db, clock, sockets } = deps;
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
    maxInFlight: deps.maxInFlight,
  });
  deps.onChanged(teamId);
  handleEvents(deps, socket, device);

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
  await deps.offer(deviceId, true);
}

type Work<E extends keyof typeof deviceClientEvents> = (
  payload: ReturnType<(typeof deviceClientEvents)[E]['parse']>,
  device: q.DeviceRow,
) => Promise<object>;

/**
 * How an agent's event is handled: its payload parsed, its work run (on the device's report line when
 * `serial`, one batch at a time in arrival order), and the ack answered with the result or the error.
 */
function eventHandler(deps: ConnectionDeps, socket: DeviceSocket, device: q.DeviceRow) {
  // A device's reports are applied one batch at a time, in arrival order; its inbound texts have a
  // line of their own (the inbound line): a reply does not wait behind a backlog of delivery reports.
  const lines = { report: Promise.resolve() as Promise<unknown> };
  return <E extends keyof typeof deviceClientEvents>(
    event: E,
    work: Work<E>,
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
        deps.log.error({ err, deviceId: device.id, event }, 'device event failed');
        reply({ error: 'server error' });
      }
    }) as never);
  };
}

/** The agent's events on its socket, each answered by its ack. */
function handleEvents(deps: ConnectionDeps, socket: DeviceSocket, device: q.DeviceRow) {
  const { db, clock } = deps;
  const deviceId = device.id;
  const handle = eventHandler(deps, socket, device);
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
      reply(await deps.inbound.receive(device, envelope.data.messages));
    } catch (err) {
      deps.log.error({ err: (err as { cause?: unknown }).cause ?? err, deviceId }, 'device event failed');
      reply({ error: 'server error' });
    }
  }) as never);
}
