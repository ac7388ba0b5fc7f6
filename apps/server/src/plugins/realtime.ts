import {
  SOCKET_UNAUTHORIZED,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@prospector/core';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { AuthContext } from '../lib/auth-context.js';

type SocketData = { auth: AuthContext };
type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const rooms = {
  team: (id: string) => `team:${id}`,
  /** The team's sockets that may read every record: the admin and 'All data' members. */
  teamAllData: (id: string) => `team:${id}:all-data`,
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  /** Our verified staff's sockets: they hear every team's support chat (issue 20). */
  staff: 'staff',
};

export type Realtime = {
  io: AppServer;
  toTeam<E extends ServerEventName>(teamId: string, event: E, payload: ServerEventPayload<E>): void;
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /**
   * Who may hear about each of the records: the team's all-data room, and the rooms of the 'Only
   * assigned' members among the record's assignees (ADR 012). One look-up serves a batch of events.
   */
  recordAudience(teamId: string, itemIds: readonly string[]): Promise<(itemId: string) => string[]>;
  toRooms<E extends ServerEventName>(to: string[], event: E, payload: ServerEventPayload<E>): void;
  /** An event about one record, to its audience only. Never rejects: a failed look-up is logged. */
  toRecord<E extends ServerEventName>(
    teamId: string,
    itemId: string,
    event: E,
    payload: ServerEventPayload<E>,
  ): Promise<void>;
  /** The team's members changed: its cached 'has Only assigned members' answer is stale. */
  forgetAudience(teamId: string): void;
  /** Moves a member's open sockets in or out of the team's all-data room when their data access changes. */
  rescopeUser(teamId: string, userId: string, seesAllData: boolean): void;
  /** Tells the session's sockets it ended, then disconnects them. */
  endSession(sessionId: string, reason: 'logout' | 'revoked'): void;
  /** Ends every socket of a user (removed from the team), in every process. */
  endUser(userId: string, reason: 'removed'): void;
  /** Signals between this app's processes (ADR 029). */
  peers: Peers;
  /**
   * Whether events reach every process: always with one process (no Redis), else while both Redis
   * connections are up. While Redis is down events reach this process's own sockets only (degraded).
   */
  state(): { mode: 'local' | 'redis'; ok: boolean };
  close(): Promise<void>;
};

/**
 * Signals to the app's other processes, through the Socket.IO Redis adapter (`serverSideEmit`). A
 * handler runs in every other process, never in the one that sent. Without `REDIS_URL` the process is
 * alone: `tell` reaches nobody and `ask` answers no one's answers.
 */
export type Peers = {
  readonly shared: boolean;
  tell(event: string, payload: unknown): void;
  /** Every other process's answer (null ones included) within `timeoutMs`; those that did not answer are left out. */
  ask<T>(event: string, payload: unknown, timeoutMs: number): Promise<T[]>;
  on(event: string, handler: (payload: unknown) => unknown): void;
};

/**
 * Socket.IO on the app's own HTTP server. The handshake's `auth.token` is checked like a bearer token;
 * a socket joins its team, user and session rooms. With a Redis URL the rooms span every process.
 */
export type RecordReaders = {
  /** Whether the team has 'Only assigned' members at all (most teams have none: no look-up then). */
  hasRestricted(teamId: string): Promise<boolean>;
  /** The 'Only assigned' members assigned to each record. */
  restricted(teamId: string, itemIds: readonly string[]): Promise<{ itemId: string; userId: string }[]>;
};

/** How long a team's 'has Only assigned members' answer is reused by a process that did not change it. */
const AUDIENCE_TTL_MS = 5000;

export function createRealtime(
  app: FastifyInstance,
  redisUrl: string | undefined,
  readers: RecordReaders,
): Realtime {
  const io: AppServer = new Server(app.server, { serveClient: false, cors: { origin: false } });
  // Publishing never waits for a Redis that is down (no offline queue: an event is dropped for the
  // other processes, not buffered in memory), and a refused command is never an unhandled rejection:
  // the adapter publishes (and unsubscribes on close) without handling the answer; callers that await
  // a command still see its failure. Subscribing keeps ioredis's queue and
  // resubscribes by itself once Redis is back.
  const redis = redisUrl
    ? [new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }), new Redis(redisUrl)]
    : [];
  let redisDown = 0;
  for (const r of redis) {
    r.on('error', (err) => {
      // One line per outage, not one per reconnection attempt.
      if (redisDown++ === 0) app.log.error({ err }, 'redis connection error: realtime degraded');
    });
    r.on('ready', () => {
      if (redis.every((c) => c.status === 'ready') && redisDown > 0) {
        redisDown = 0;
        app.log.info('redis connection back: realtime restored');
      }
    });
  }
  for (const r of redis) {
    const send = r.sendCommand.bind(r);
    r.sendCommand = ((...a: Parameters<typeof send>) => {
      const sent = send(...a) as Promise<unknown>;
      void sent.catch(() => {});
      return sent;
    }) as typeof r.sendCommand;
  }
  // A process that died answers no peer request: the others give up on it after two seconds.
  if (redis.length) io.adapter(createAdapter(redis[0]!, redis[1]!, { requestsTimeout: 2000 }));

  const handshakeToken = (socket: AppSocket) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    return typeof token === 'string' ? token : null;
  };
  io.use(async (socket, next) => {
    try {
      const auth = await app.services.auth.authenticate(handshakeToken(socket));
      if (!auth) return next(new Error(SOCKET_UNAUTHORIZED));
      socket.data.auth = auth;
      next();
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      next(new Error(SOCKET_UNAUTHORIZED));
    }
  });

  io.on('connection', (socket: AppSocket) => {
    onConnection(socket).catch((err: unknown) => app.log.warn({ err }, 'socket presence not sent'));
  });
  // Presence asks every process (through Redis) who is online: with Redis down that fails, and must
  // not become an unhandled rejection.
  async function onConnection(socket: AppSocket) {
    const { auth } = socket.data;
    const seesAll = auth.user.role === 'admin' || auth.user.dataAccess === 'All data';
    await socket.join([
      rooms.team(auth.teamId),
      rooms.user(auth.userId),
      rooms.session(auth.sessionId),
      ...(seesAll ? [rooms.teamAllData(auth.teamId)] : []),
      ...(auth.user.isStaff ? [rooms.staff] : []),
    ]);
    // Every action a socket sends is judged on the session as it is now, not as it was at the
    // handshake: a permission taken away (or a session ended) stops the next action (issue 36 item 6).
    socket.use((_packet, next) => {
      app.services.auth
        .authenticate(handshakeToken(socket))
        .then((now) => {
          if (!now) {
            socket.emit('sessionRevoked', { reason: 'revoked' });
            socket.disconnect(true);
            return;
          }
          socket.data.auth = now;
          next();
        })
        .catch((err: unknown) => next(err instanceof Error ? err : new Error(String(err))));
    });
    socket.emit('init', { user: auth.user });
    if ((await io.in(rooms.user(auth.userId)).fetchSockets()).length === 1)
      socket.to(rooms.team(auth.teamId)).emit('memberPresence', { userId: auth.userId, online: true });
    socket.on('disconnect', () => {
      io.in(rooms.user(auth.userId))
        .fetchSockets()
        .then((left) => {
          if (left.length === 0)
            io.to(rooms.team(auth.teamId)).emit('memberPresence', { userId: auth.userId, online: false });
        })
        .catch((err: unknown) => app.log.warn({ err }, 'socket presence not sent'));
    });
  }

  const args = <E extends ServerEventName>(payload: ServerEventPayload<E>) =>
    [payload] as Parameters<ServerToClientEvents[E]>;

  // A stale 'none' costs a restricted member a few seconds of their own records' events, never a leak:
  // they are outside the all-data room either way.
  const restrictedTeams = new Map<string, { has: boolean; until: number }>();
  async function hasRestricted(teamId: string) {
    const now = Date.now();
    const hit = restrictedTeams.get(teamId);
    if (hit && hit.until > now) return hit.has;
    const has = await readers.hasRestricted(teamId);
    restrictedTeams.set(teamId, { has, until: now + AUDIENCE_TTL_MS });
    return has;
  }

  async function recordAudience(teamId: string, itemIds: readonly string[]) {
    const all = rooms.teamAllData(teamId);
    if (itemIds.length === 0 || !(await hasRestricted(teamId))) return () => [all];
    const byItem = new Map<string, string[]>();
    for (const r of await readers.restricted(teamId, [...new Set(itemIds)]))
      byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), rooms.user(r.userId)]);
    return (itemId: string) => [all, ...(byItem.get(itemId) ?? [])];
  }

  const serverSide = io as unknown as {
    serverSideEmit(event: string, ...args: unknown[]): boolean;
    serverSideEmitWithAck(event: string, payload: unknown): Promise<unknown[]>;
    on(event: string, listener: (...args: unknown[]) => void): void;
  };
  const peers: Peers = {
    shared: redis.length > 0,
    tell(event, payload) {
      if (redis.length) serverSide.serverSideEmit(`peer:${event}`, payload);
    },
    async ask<T>(event: string, payload: unknown, timeoutMs: number) {
      if (!redis.length) return [];
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<T[]>((resolve) => (timer = setTimeout(() => resolve([]), timeoutMs)));
      const asked = serverSide.serverSideEmitWithAck(`peer:${event}`, payload).then(
        (answers) => answers as T[],
        // The adapter gave up on a process: the answers that came are in the error's responses.
        (err: unknown) => ((err as { responses?: unknown[] }).responses ?? []) as T[],
      );
      try {
        return await Promise.race([asked, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    on(event, handler) {
      serverSide.on(`peer:${event}`, (payload: unknown, ack?: unknown) => {
        Promise.resolve()
          .then(() => handler(payload))
          .then(
            (answer) => typeof ack === 'function' && (ack as (a: unknown) => void)(answer ?? null),
            (err: unknown) => {
              app.log.error({ err, event }, 'peer signal failed');
              if (typeof ack === 'function') (ack as (a: unknown) => void)(null);
            },
          );
      });
    },
  };

  const toRooms: Realtime['toRooms'] = (to, event, payload) => {
    io.to(to).emit(event, ...args(payload));
  };

  return {
    io,
    toTeam: (teamId, event, payload) => {
      io.to(rooms.team(teamId)).emit(event, ...args(payload));
    },
    recordAudience,
    toRooms,
    toRecord: async (teamId, itemId, event, payload) => {
      try {
        toRooms((await recordAudience(teamId, [itemId]))(itemId), event, payload);
      } catch (err) {
        app.log.error({ err, event }, 'record event not sent');
      }
    },
    forgetAudience: (teamId) => {
      restrictedTeams.delete(teamId);
    },
    rescopeUser: (teamId, userId, seesAllData) => {
      const sockets = io.in(rooms.user(userId));
      if (seesAllData) sockets.socketsJoin(rooms.teamAllData(teamId));
      else sockets.socketsLeave(rooms.teamAllData(teamId));
    },
    toUser: (userId, event, payload) => {
      io.to(rooms.user(userId)).emit(event, ...args(payload));
    },
    endSession: (sessionId, reason) => {
      io.to(rooms.session(sessionId)).emit('sessionRevoked', { reason });
      io.in(rooms.session(sessionId)).disconnectSockets(true);
    },
    endUser: (userId, reason) => {
      io.to(rooms.user(userId)).emit('sessionRevoked', { reason });
      io.in(rooms.user(userId)).disconnectSockets(true);
    },
    peers,
    state: () => ({
      mode: redis.length ? 'redis' : 'local',
      ok: redis.every((r) => r.status === 'ready'),
    }),
    close: async () => {
      await io.close();
      await Promise.all(redis.map((r) => r.quit().catch(() => r.disconnect())));
    },
  };
}

/**
 * Decorates the app with its realtime side. `readers` is the records module's answer to who may read
 * a record: given here, as the records service itself emits on these sockets and is built after them.
 * Handshakes check their token with the auth service, which exists by the time a socket connects.
 */
export const realtimePlugin = fp<{ readers: RecordReaders }>(
  async (app, { readers }) => {
    app.decorate('realtime', createRealtime(app, app.config.REDIS_URL, readers));
  },
  { name: 'realtime', dependencies: ['core'], fastify: '5.x' },
);
