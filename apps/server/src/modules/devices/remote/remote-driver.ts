import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { unseal } from '../../../lib/sealed.js';
import { withAllTeams } from '../../../lib/team-scope.js';
import * as dq from '../devices.queries.js';
import type { SmsService } from '../sms.service.js';
import { createBlueBubblesTransport, readBbMessages } from './bluebubbles.js';
import { createLocalServerTransport } from './local-server.js';
import * as q from './remote.queries.js';
import { RemoteUnreachable, type RemoteCall } from './remote-http.js';
import type { HeldJob, RemoteTransport } from './transport.js';

/** What a remote device's sealed secrets hold. */
export type RemoteSecrets = { username?: string; password: string };

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const heldByGuid = (held: HeldJob[]) => (guid: string, tempGuid: string | null) =>
  held.find((h) => h.externalId === guid) ??
  (tempGuid ? held.find((h) => h.id === tempGuid) : undefined) ??
  null;

export function transportFor(device: dq.DeviceRow, secret: string, call: RemoteCall): RemoteTransport | null {
  const secrets = device.sealedSecrets ? unseal<RemoteSecrets>(secret, device.sealedSecrets) : null;
  if (!secrets || !device.endpoint) return null;
  if (device.transport === 'sms_gateway_local')
    return createLocalServerTransport(
      device.endpoint,
      { username: secrets.username ?? 'sms', password: secrets.password },
      call,
    );
  if (device.transport === 'bluebubbles')
    return createBlueBubblesTransport(device.endpoint, secrets.password, call, heldByGuid);
  return null;
}

/**
 * Drives the devices the server calls (SMS Gateway local server, BlueBubbles; docs/device-protocol.md):
 * every `pollMs`, and at once when a text is queued, each device's due jobs are claimed (SKIP LOCKED:
 * among several processes one hands a job over), handed over one by one, and the device polled for
 * states and received texts, which go through the same reports and inbound paths as the agents'.
 * A device is connected while its last call succeeded within the agents' ping freshness.
 */
export function createRemoteDriver(deps: {
  db: Db;
  dispatchDb: Db;
  clock: Clock;
  secret: string;
  sms: () => SmsService;
  log: FastifyBaseLogger;
  onChanged: (teamId: string) => void;
  call: RemoteCall;
  options: { pollMs: number; maxInFlight: number };
}) {
  const { db, clock, options } = deps;
  const lines = new Map<string, Promise<void>>();
  const again = new Set<string>();
  // The remote devices known here: a kick for any other device (an agent's) costs nothing.
  const known = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  async function reachable(device: dq.DeviceRow, ok: boolean) {
    const now = clock.now();
    if (ok) {
      await dq.updateDevice(db, device.id, {
        connected: true,
        pingedAt: now,
        ...(device.connected ? {} : { connectedAt: now }),
      });
      if (!device.connected) deps.onChanged(device.teamId);
    } else if (device.connected) {
      await dq.updateDevice(db, device.id, { connected: false, disconnectedAt: now });
      deps.onChanged(device.teamId);
    }
  }

  /** Reports and received texts, through the agents' own paths (forward-only, idempotent by id). */
  async function apply(
    device: dq.DeviceRow,
    result: {
      reports: Parameters<SmsService['applyReports']>[1];
      inbound: Parameters<SmsService['receiveInbound']>[1];
    },
  ) {
    if (result.reports.length) await deps.sms().applyReports(device, result.reports);
    if (result.inbound.length) {
      const received = await deps.sms().receiveInbound(device, result.inbound);
      await received.followUps();
      if (received.deferred.length) throw new Error('received texts deferred after a database fault');
    }
  }

  async function driveOnce(deviceId: string) {
    const device = await dq.findDevice(db, deviceId);
    if (!device) return;
    const transport = transportFor(device, deps.secret, deps.call);
    if (!transport) return;
    try {
      const jobs = await dq.claimJobs(deps.dispatchDb, device.id, options.maxInFlight, clock.now());
      const reports = [];
      for (const job of jobs) {
        let handover;
        try {
          handover = await transport.send(job);
        } catch (err) {
          // Not handed over (or not known to be): this and the rest go back to the queue.
          await dq.requeueOffered(deps.dispatchDb, device.id, clock.now());
          throw err;
        }
        if (handover.kind === 'unknown') continue; // Offered until the sweep puts it back; the phone's id makes a repeat harmless.
        await dq.acceptJobs(deps.dispatchDb, device.id, [job.id], clock.now());
        if (handover.kind === 'refused') {
          reports.push({
            id: job.id,
            attempt: job.attempt,
            state: 'failed' as const,
            at: clock.now().toISOString(),
            error: handover.error,
          });
          continue;
        }
        if (handover.externalId) await q.setExternalId(deps.dispatchDb, job.id, handover.externalId);
        if (handover.report) reports.push(handover.report);
      }
      if (reports.length) await deps.sms().applyReports(device, reports);
      const held = await q.heldJobs(deps.dispatchDb, device.id);
      const polled = await transport.poll(held, device.remoteState);
      await apply(device, polled);
      await dq.updateDevice(db, device.id, { remoteState: polled.state });
      await reachable(device, true);
    } catch (err) {
      if (!(err instanceof RemoteUnreachable)) throw err;
      deps.log.warn({ deviceId, err: err.message }, 'remote device unreachable');
      await reachable(device, false);
    }
  }

  /** One round per device at a time; a kick during a round asks for one more. */
  function drive(deviceId: string): Promise<void> {
    if (lines.has(deviceId)) {
      again.add(deviceId);
      return lines.get(deviceId)!;
    }
    // A kick comes from a team's request; the round outlives it and reads the device's own rows.
    const run = withAllTeams(async () => {
      do {
        again.delete(deviceId);
        await driveOnce(deviceId).catch((err: unknown) =>
          deps.log.error(
            { err: (err as { cause?: unknown }).cause ?? err, deviceId },
            'driving a remote device failed',
          ),
        );
      } while (again.has(deviceId));
    }).finally(() => lines.delete(deviceId));
    lines.set(deviceId, run);
    return run;
  }

  async function round() {
    const all = await q.remoteDevices(db);
    known.clear();
    for (const d of all) known.add(d.id);
    await Promise.all(all.map((d) => drive(d.id)));
  }

  /**
   * A BlueBubbles webhook (`POST /api/remote/bluebubbles/:deviceId/:secret`): `false` when the device
   * or secret is unknown (nothing changes); otherwise the event's message is filed like a polled one.
   */
  async function webhook(
    deviceId: string,
    secret: string,
    event: { type: string; data: unknown },
  ): Promise<boolean> {
    const device = await dq.findDevice(db, deviceId);
    const expected = device?.transport === 'bluebubbles' ? device.remoteState.webhookHash : null;
    if (typeof expected !== 'string') return false;
    const given = Buffer.from(sha256(secret));
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) return false;
    if (!['new-message', 'updated-message', 'message-send-error'].includes(event.type)) return true;
    const message = event.data as { guid?: unknown; tempGuid?: unknown };
    const guid = typeof message?.guid === 'string' ? message.guid : '';
    const temp = typeof message?.tempGuid === 'string' ? message.tempGuid : '';
    const held = await q.jobsByExternalIds(
      deps.dispatchDb,
      device!.id,
      guid ? [guid] : [],
      temp ? [temp] : [],
    );
    const read = readBbMessages([event.data], heldByGuid(held), event.type === 'message-send-error');
    // A send error can name the text only by its tempGuid: remember the guid for later events.
    for (const job of held) if (!job.externalId && guid) await q.setExternalId(deps.dispatchDb, job.id, guid);
    await apply(device!, read);
    await reachable(device!, true);
    return true;
  }

  return {
    kick: (deviceId: string) => {
      if (known.has(deviceId)) void drive(deviceId);
    },
    /** A device just added: driven from now on. */
    adopt: (deviceId: string) => {
      known.add(deviceId);
      void drive(deviceId);
    },
    /** Runs one round for every remote device now (tests; the timer does the same). */
    round,
    webhook,
    start() {
      timer = setInterval(() => {
        round().catch((err: unknown) => deps.log.error({ err }, 'remote devices round failed'));
      }, options.pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all([...lines.values()]);
    },
  };
}

export type RemoteDriver = ReturnType<typeof createRemoteDriver>;
