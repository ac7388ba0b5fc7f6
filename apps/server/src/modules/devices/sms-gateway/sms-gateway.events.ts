import type { FastifyBaseLogger } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { Peers } from '../../../plugins/realtime.js';
import * as dq from '../devices.queries.js';
import * as q from './sms-gateway.queries.js';

/** The reference server's keepalive period (android-sms-gateway/server modules/sse/config.go). */
export const SSE_KEEPALIVE_MS = 15_000;

type Stream = { res: ServerResponse; teamId: string };

/**
 * The app's `GET /events` streams (Server-Sent Events, as the reference server writes them:
 * `event: <type>\ndata: <json>\n\n`, and a `:keepalive` comment every 15 s). A stream open and kept
 * alive makes its phone connected: each keepalive round marks every phone streaming here alive in one
 * statement. New work for a phone is announced with `MessageEnqueued` by whichever process holds its
 * stream: a process that queues a text for a phone streaming elsewhere tells its peers ('deviceKick').
 */
export function createSseHub(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  peers: Pick<Peers, 'tell' | 'on'>;
  maxInFlight: number;
  keepaliveMs?: number;
  /** A phone's connection changed: the team's browsers refresh their Devices list. */
  onChanged: (teamId: string) => void;
}) {
  const { db, clock } = deps;
  const streams = new Map<string, Set<Stream>>();
  // Kicks are gathered and checked together, one query per turn of the event loop: a burst of texts
  // queued or of states reported costs one query, not one each.
  const kicked = new Set<string>();
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  function write(deviceId: string, chunk: string) {
    for (const s of streams.get(deviceId) ?? []) if (!s.res.writableEnded) s.res.write(chunk);
  }

  /** Announces work to the phones that have a text due and room for it: an empty pull costs a phone a request. */
  function announce(deviceId: string) {
    kicked.add(deviceId);
    if (flushing) return;
    flushing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        while (kicked.size > 0) {
          const ids = [...kicked].filter((id) => streams.has(id));
          kicked.clear();
          for (const id of await q.devicesWithWork(db, ids, deps.maxInFlight, clock.now()))
            write(id, 'event: MessageEnqueued\ndata: null\n\n');
        }
      })
      .catch((err: unknown) => deps.log.error({ err }, 'announcing work to phones failed'))
      .finally(() => {
        flushing = null;
        if (kicked.size > 0) announce([...kicked][0]!);
      });
  }

  async function keepalive() {
    const ids = [...streams.keys()];
    for (const id of ids) write(id, ':keepalive\n\n');
    await q.touchDevices(db, ids, clock.now());
    // A text due again after a retry's backoff has no one to kick it: the round looks for it.
    for (const id of ids) announce(id);
  }

  function closeAll(deviceId: string) {
    for (const s of streams.get(deviceId) ?? []) s.res.end();
  }

  deps.peers.on('deviceKick', (id) => {
    if (typeof id === 'string' && streams.has(id)) announce(id);
  });
  deps.peers.on('teamSettingsUpdated', (teamId) => {
    if (typeof teamId === 'string') teamSettingsUpdated(teamId);
  });
  function teamSettingsUpdated(teamId: string) {
    for (const [id, set] of streams)
      if ([...set].some((s) => s.teamId === teamId)) write(id, 'event: SettingsUpdated\ndata: null\n\n');
  }
  deps.peers.on('deviceDrop', (id) => {
    if (typeof id === 'string') closeAll(id);
  });

  return {
    /** Holds the response open as the phone's event stream until the phone (or the server) closes it. */
    async open(device: { id: string; teamId: string }, res: ServerResponse) {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        // A buffering proxy (nginx) would hold the events back.
        'x-accel-buffering': 'no',
      });
      res.flushHeaders();
      const stream: Stream = { res, teamId: device.teamId };
      const set = streams.get(device.id) ?? new Set<Stream>();
      set.add(stream);
      streams.set(device.id, set);
      res.on('close', () => {
        set.delete(stream);
        if (set.size > 0 || streams.get(device.id) !== set) return;
        streams.delete(device.id);
        const at = clock.now();
        dq.updateDevice(db, device.id, { connected: false, disconnectedAt: at })
          .then(() => dq.requeueOffered(db, device.id, new Date(at.getTime() + 1)))
          .then(() => deps.onChanged(device.teamId))
          .catch((err: unknown) =>
            deps.log.error({ err, deviceId: device.id }, 'phone stream bookkeeping failed'),
          );
      });
      const now = clock.now();
      await dq.updateDevice(db, device.id, { connected: true, connectedAt: now, pingedAt: now });
      deps.onChanged(device.teamId);
    },

    /** New work for a phone: announced now if its stream is here (true), else nothing happens (false). */
    kick(deviceId: string): boolean {
      if (!streams.has(deviceId)) return false;
      announce(deviceId);
      return true;
    },

    /** Tells the phone to fetch its settings again (GET /settings). */
    settingsUpdated(deviceId: string) {
      write(deviceId, 'event: SettingsUpdated\ndata: null\n\n');
    },

    /** The team's pace changed: each of its phones, in every process, fetches its settings again. */
    teamSettingsUpdated(teamId: string) {
      teamSettingsUpdated(teamId);
      deps.peers.tell('teamSettingsUpdated', teamId);
    },

    /** Ends a phone's streams here, or in whichever process holds them (a removed or re-registered phone). */
    drop(deviceId: string) {
      if (streams.has(deviceId)) closeAll(deviceId);
      else deps.peers.tell('deviceDrop', deviceId);
    },

    start() {
      timer = setInterval(() => {
        keepalive().catch((err: unknown) => deps.log.error({ err }, 'phone keepalive failed'));
      }, deps.keepaliveMs ?? SSE_KEEPALIVE_MS);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      for (const id of [...streams.keys()]) closeAll(id);
    },

    streaming: () => [...streams.keys()],
  };
}

export type SseHub = ReturnType<typeof createSseHub>;
