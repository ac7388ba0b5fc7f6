import { z } from 'zod';
import { serverEvents } from '@prospector/core';

/**
 * A stand-in for socket.io-client: jsdom cannot reach a server, and tests drive the server's side
 * themselves (`connect`, `init`, `sessionRevoked`, a refused handshake).
 */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly auth: unknown;
  connected = false;
  disconnected = false;
  private listeners = new Map<string, Set<Listener>>();

  constructor(options: { auth?: unknown } = {}) {
    this.auth = options.auth;
  }

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    this.connected = false;
    return this;
  }

  /**
   * Plays an event as if the server had sent it. An event of the contract must carry a payload its
   * schema accepts (contract/events.ts), or the test fails here: the real server could not send it.
   */
  serverEmit(event: string, ...args: unknown[]): void {
    if (event in serverEvents) {
      const parsed = serverEvents[event as keyof typeof serverEvents].safeParse(args[0]);
      if (!parsed.success) {
        throw new Error(
          `The fake socket's ${event} is outside the contract:\n${z.prettifyError(parsed.error)}`,
        );
      }
    }
    if (event === 'connect') this.connected = true;
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

export const fakeSockets: FakeSocket[] = [];

export function latestSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('No socket was opened.');
  return socket;
}

export function fakeIo(_url?: unknown, options?: { auth?: unknown }): FakeSocket {
  const socket = new FakeSocket(options);
  fakeSockets.push(socket);
  return socket;
}
