import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_UNAUTHORIZED,
  type ClientToServerEvents,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@prospector/core';
import { appConfig } from '../config/app-config';
import { setConnectionStatus } from './connection-store';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type SocketHandlers = {
  onInit: (payload: ServerEventPayload<'init'>) => void;
  /** The server revoked the session or refused the token: the client must drop it. */
  onSessionEnded: () => void;
};

let current: { socket: AppSocket; token: string } | null = null;

/** One socket per session; connecting with another token replaces the previous socket. */
export function connectSocket(token: string, handlers: SocketHandlers): AppSocket {
  if (current?.token === token) return current.socket;
  disconnectSocket();

  const socket: AppSocket = io(appConfig.apiOrigin, { auth: { token } });
  current = { socket, token };
  setConnectionStatus('connecting');

  socket.on('connect', () => setConnectionStatus('connected'));
  socket.on('disconnect', () => {
    if (current?.socket === socket) setConnectionStatus('reconnecting');
  });
  socket.on('connect_error', (error) => {
    if (error.message === SOCKET_UNAUTHORIZED) {
      handlers.onSessionEnded();
      return;
    }
    setConnectionStatus('reconnecting');
  });
  socket.on('init', handlers.onInit);
  socket.on('sessionRevoked', () => handlers.onSessionEnded());
  return socket;
}

export function disconnectSocket(): void {
  if (!current) return;
  const { socket } = current;
  current = null;
  socket.removeAllListeners();
  socket.disconnect();
  setConnectionStatus('idle');
}

export function getSocket(): AppSocket | null {
  return current?.socket ?? null;
}
