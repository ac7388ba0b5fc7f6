import {
  SOCKET_UNAUTHORIZED,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@prospector/core';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { AuthContext } from '../modules/auth/index.js';

type SocketData = { auth: AuthContext };
type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const rooms = {
  team: (id: string) => `team:${id}`,
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
};

export type Realtime = {
  io: AppServer;
  toTeam<E extends ServerEventName>(teamId: string, event: E, payload: ServerEventPayload<E>): void;
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /** Tells the session's sockets it ended, then disconnects them. */
  endSession(sessionId: string, reason: 'logout' | 'revoked'): void;
  close(): Promise<void>;
};

/**
 * Socket.IO on the app's own HTTP server. The handshake's `auth.token` is checked like a bearer token;
 * a socket joins its team, user and session rooms. With a Redis URL the rooms span every process.
 */
export function createRealtime(app: FastifyInstance, redisUrl?: string): Realtime {
  const io: AppServer = new Server(app.server, { serveClient: false, cors: { origin: false } });
  const redis = redisUrl ? [new Redis(redisUrl), new Redis(redisUrl)] : [];
  for (const r of redis) r.on('error', (err) => app.log.error({ err }, 'redis connection error'));
  if (redis.length) io.adapter(createAdapter(redis[0]!, redis[1]!));

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      const auth = await app.services.auth.authenticate(typeof token === 'string' ? token : null);
      if (!auth) return next(new Error(SOCKET_UNAUTHORIZED));
      socket.data.auth = auth;
      next();
    } catch (err) {
      app.log.error({ err }, 'socket authentication failed');
      next(new Error(SOCKET_UNAUTHORIZED));
    }
  });

  io.on('connection', async (socket: AppSocket) => {
    const { auth } = socket.data;
    await socket.join([rooms.team(auth.teamId), rooms.user(auth.userId), rooms.session(auth.sessionId)]);
    socket.emit('init', { user: auth.user });
    if ((await io.in(rooms.user(auth.userId)).fetchSockets()).length === 1)
      socket.to(rooms.team(auth.teamId)).emit('memberPresence', { userId: auth.userId, online: true });
    socket.on('disconnect', async () => {
      if ((await io.in(rooms.user(auth.userId)).fetchSockets()).length === 0)
        io.to(rooms.team(auth.teamId)).emit('memberPresence', { userId: auth.userId, online: false });
    });
  });

  return {
    io,
    toTeam: (teamId, event, payload) => {
      io.to(rooms.team(teamId)).emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>));
    },
    toUser: (userId, event, payload) => {
      io.to(rooms.user(userId)).emit(event, ...([payload] as Parameters<ServerToClientEvents[typeof event]>));
    },
    endSession: (sessionId, reason) => {
      io.to(rooms.session(sessionId)).emit('sessionRevoked', { reason });
      io.in(rooms.session(sessionId)).disconnectSockets(true);
    },
    close: async () => {
      await io.close();
      await Promise.all(redis.map((r) => r.quit()));
    },
  };
}
