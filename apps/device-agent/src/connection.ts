import { io, type Socket } from 'socket.io-client';
import {
  DEVICE_NAMESPACE,
  DEVICE_UNAUTHORIZED,
  deviceAckError,
  deviceAcks,
  deviceJob,
  deviceServerEvents,
  type DeviceAck,
  type DeviceAgentToServer,
  type DeviceClientEventName,
  type DeviceClientPayload,
  type DeviceJob,
  type DevicePlatform,
  type DeviceServerPayload,
  type DeviceServerToAgent,
} from '@prospector/core/contract/device';
import type { Logger } from './logger.js';
import { AGENT_VERSION } from './version.js';

export type ConnectionTiming = {
  /** How long to wait for an acknowledgement before sending again (protocol: 10 s). */
  ackTimeoutMs: number;
  reconnectionDelayMs: number;
  reconnectionDelayMaxMs: number;
};

export type AckResult<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'no-answer' }
  | { ok: false; reason: 'refused'; error: string };

export type Hello = DeviceServerPayload<'hello'>;

export type Connection = {
  /** Connected and greeted (`hello`): events sent now are heard. */
  readonly ready: boolean;
  emit<E extends DeviceClientEventName>(
    event: E,
    payload: DeviceClientPayload<E>,
  ): Promise<AckResult<DeviceAck<E>>>;
  open(): void;
  close(): void;
};

/** Socket.IO's polling transport hides the network error (ECONNREFUSED, ENOTFOUND) in `context`. */
function transportCause(err: Error): string | undefined {
  const statusText = (err as { context?: { statusText?: unknown } }).context?.statusText;
  return statusText instanceof Error ? statusText.message : undefined;
}

type AckEmitter = { timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> } };

/**
 * The Socket.IO side of the protocol: handshake, `hello`, pings, reconnection, acknowledged emits.
 * Socket.IO reconnects by itself after a network failure; after the server closed the socket or refused
 * the handshake for a reason other than the token, it does not, so this does it with the same backoff.
 */
export function createConnection(options: {
  serverUrl: string;
  token: string;
  platform: DevicePlatform;
  timing: ConnectionTiming;
  logger: Logger;
  readBattery?: () => Promise<number | undefined>;
  onReady: (hello: Hello) => void;
  onJobs: (jobs: DeviceJob[]) => void;
  onUnauthorized: () => void;
}): Connection {
  const { timing, logger } = options;
  // A server behind a path prefix (https://example.com/crm) serves Socket.IO under that prefix too.
  const url = new URL(options.serverUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  const socket: Socket<DeviceServerToAgent, DeviceAgentToServer> = io(`${url.origin}${DEVICE_NAMESPACE}`, {
    path: `${prefix}/socket.io`,
    autoConnect: false,
    auth: { token: options.token, platform: options.platform, agentVersion: AGENT_VERSION },
    reconnectionDelay: timing.reconnectionDelayMs,
    reconnectionDelayMax: timing.reconnectionDelayMaxMs,
    randomizationFactor: 0.5,
    // Keeps the balancer's cookie (deploy/haproxy.cfg): the long-polling requests of one connection
    // must reach the server process that opened it.
    withCredentials: true,
  });
  let ready = false;
  let closed = false;
  let pingTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retries = 0;
  let failures = 0;

  const emit = async <E extends DeviceClientEventName>(
    event: E,
    payload: DeviceClientPayload<E>,
  ): Promise<AckResult<DeviceAck<E>>> => {
    let answer: unknown;
    try {
      answer = await (socket as unknown as AckEmitter)
        .timeout(timing.ackTimeoutMs)
        .emitWithAck(event, payload);
    } catch {
      return { ok: false, reason: 'no-answer' };
    }
    const refused = deviceAckError.safeParse(answer);
    if (refused.success) return { ok: false, reason: 'refused', error: refused.data.error };
    const parsed = deviceAcks[event].safeParse(answer);
    if (!parsed.success)
      return { ok: false, reason: 'refused', error: `unreadable acknowledgement for ${event}` };
    return { ok: true, value: parsed.data as DeviceAck<E> };
  };

  const ping = async () => {
    const battery = await options.readBattery?.();
    const answer = await emit('ping', {
      at: new Date().toISOString(),
      ...(battery === undefined ? {} : { battery }),
    });
    if (!answer.ok) logger.debug('ping not acknowledged', { reason: answer.reason });
  };

  const reconnectLater = () => {
    if (closed || retryTimer) return;
    const base = Math.min(timing.reconnectionDelayMaxMs, timing.reconnectionDelayMs * 2 ** retries++);
    const delay = Math.round(base * (0.5 + Math.random()));
    logger.info('reconnecting', { inMs: delay });
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!closed && !socket.connected) socket.connect();
    }, delay);
  };

  socket.on('connect', () => {
    failures = 0;
    logger.debug('socket connected, waiting for hello');
  });

  socket.on('hello', (payload) => {
    const hello = deviceServerEvents.hello.safeParse(payload);
    if (!hello.success)
      return logger.error('unreadable hello from the server', { error: hello.error.message });
    ready = true;
    retries = 0;
    logger.info('connected', { device: hello.data.name, deviceId: hello.data.deviceId });
    clearInterval(pingTimer);
    pingTimer = setInterval(() => void ping(), Math.max(1000, hello.data.pingIntervalMs));
    void ping();
    options.onReady(hello.data);
  });

  socket.on('jobs', (payload) => {
    const parsed = deviceServerEvents.jobs.safeParse(payload);
    if (parsed.success) return options.onJobs(parsed.data.jobs);
    // One bad job must not hold back the others: take what is readable, never accept the rest.
    const items: unknown[] = Array.isArray((payload as { jobs?: unknown } | undefined)?.jobs)
      ? (payload as { jobs: unknown[] }).jobs
      : [];
    const jobs = items.flatMap((item) => {
      const job = deviceJob.safeParse(item);
      return job.success ? [job.data] : [];
    });
    logger.error('unreadable jobs from the server', {
      error: parsed.error.message,
      ignored: items.length - jobs.length,
    });
    if (jobs.length > 0) options.onJobs(jobs);
  });

  socket.on('disconnect', (reason) => {
    ready = false;
    clearInterval(pingTimer);
    if (closed) return;
    logger.warn('disconnected', { reason });
    // Socket.IO does not come back by itself after the server closed the socket (e.g. a restart).
    if (reason === 'io server disconnect') reconnectLater();
  });

  socket.on('connect_error', (err) => {
    if (err.message === DEVICE_UNAUTHORIZED) {
      closed = true;
      socket.disconnect();
      options.onUnauthorized();
      return;
    }
    failures++;
    // Every failure while it is fresh, then one in ten: an agent left running while the server is down
    // should not fill the phone's storage.
    if (failures <= 3 || failures % 10 === 0) {
      logger.warn('cannot reach the server', {
        url: options.serverUrl,
        error: err.message,
        cause: transportCause(err),
        attempt: failures,
      });
    }
    if (!socket.active) reconnectLater();
  });

  return {
    get ready() {
      return ready;
    },
    emit,
    open() {
      logger.info('connecting', { url: `${options.serverUrl}${DEVICE_NAMESPACE}` });
      socket.connect();
    },
    close() {
      closed = true;
      ready = false;
      clearInterval(pingTimer);
      clearTimeout(retryTimer);
      socket.disconnect();
    },
  };
}
