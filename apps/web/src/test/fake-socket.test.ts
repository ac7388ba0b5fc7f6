import { describe, expect, it } from 'vitest';
import { FakeSocket } from './fake-socket';

describe('the fake socket', () => {
  it('refuses to play an event whose payload the contract refuses', () => {
    const socket = new FakeSocket();

    expect(() => socket.serverEmit('listProgress', { listId: 'list-1' })).toThrow(
      "The fake socket's listProgress is outside the contract",
    );
  });

  it("plays an event the contract accepts, and socket.io's own events", () => {
    const socket = new FakeSocket();
    const heard: unknown[] = [];
    socket.on('inboxChanged', (payload) => heard.push(payload));
    socket.on('connect', () => heard.push('connected'));

    socket.serverEmit('connect');
    socket.serverEmit('inboxChanged', { itemId: 'item-1' });

    expect(heard).toEqual(['connected', { itemId: 'item-1' }]);
  });
});
