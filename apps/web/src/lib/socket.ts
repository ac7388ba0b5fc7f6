import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_UNAUTHORIZED,
  serverEvents,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@prospector/core';
import { appConfig } from '../config/app-config';
import { setConnectionStatus } from './connection-store';
import { registerStoreReset } from './store-registry';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type SocketHandlers = {
  onInit: (payload: ServerEventPayload<'init'>) => void;
  /** The server revoked the session or refused the token: the client must drop it. */
  onSessionEnded: () => void;
};

let current: { socket: AppSocket; token: string } | null = null;

/** Events the socket's owner handles itself; every other server event is forwarded to features. */
const SESSION_EVENTS = ['init', 'sessionRevoked'] as const;
export type ForwardedEvent = Exclude<ServerEventName, (typeof SESSION_EVENTS)[number]>;

/**
 * Events features listen to, whichever socket is current (it changes with the session): every event
 * of the contract (contract/events.ts) but the session's own, so a new event reaches features the day
 * it is added.
 */
const FORWARDED_EVENTS = (Object.keys(serverEvents) as ServerEventName[]).filter(
  (event): event is ForwardedEvent => !(SESSION_EVENTS as readonly string[]).includes(event),
);
type Listener<E extends ServerEventName> = (payload: ServerEventPayload<E>) => void;
const listeners = new Map<ServerEventName, Set<Listener<ServerEventName>>>();

function dispatch<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
  for (const listener of [...(listeners.get(event) ?? [])]) (listener as Listener<E>)(payload);
}

/**
 * Listens to a server event on the session's socket, present or future (features mount before the
 * socket connects). Returns the unsubscribe function.
 */
export function onServerEvent<E extends ForwardedEvent>(event: E, listener: Listener<E>): () => void {
  const set = listeners.get(event) ?? new Set();
  set.add(listener as Listener<ServerEventName>);
  listeners.set(event, set);
  return () => set.delete(listener as Listener<ServerEventName>);
}

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
  for (const event of FORWARDED_EVENTS) {
    socket.on(event, (payload: ServerEventPayload<typeof event>) => dispatch(event, payload));
  }
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

// Ending the session (logout, a rejected token) resets every store: the socket closes with them.
registerStoreReset(disconnectSocket);

export function getSocket(): AppSocket | null {
  return current?.socket ?? null;
}
