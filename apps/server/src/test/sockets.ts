import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './app.js';
import type { TestUser } from './factories.js';

/**
 * Puts the app on a loopback port and answers how to open a user's real Socket.IO connection, ready
 * once the server's `init` arrived. `closeAll` disconnects every socket it opened.
 */
export async function realtimeClients(t: TestApp) {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const opened: Socket[] = [];
  return {
    async connect(user: TestUser): Promise<Socket> {
      const s = io(url, { auth: { token: user.token }, transports: ['websocket'], reconnection: false });
      opened.push(s);
      await new Promise((r) => s.once('init', r));
      return s;
    },
    closeAll() {
      opened.splice(0).forEach((s) => s.disconnect());
    },
  };
}
