import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatDto, ChatMessageDto } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { latestSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';
import { BOB_CHAT, buildChat, buildChatMessage } from '../testing/chat-fixtures';

// Messages and read marks from the socket, put into the open chat, the list and the icon's count.

const ROOM = '22222222-2222-4222-8222-222222222222';
/** Bob's chat, read up to its second message; the server lists it under the team room, which spoke last. */
const BOB = buildChat({ notifCount: 0, lastSeq: 2, lastReadSeq: 2 });
const EVERYONE = buildChat({
  _id: ROOM,
  kind: 'team',
  title: 'Everyone',
  notifCount: 0,
  lastSeq: 5,
  lastReadSeq: 5,
  updatedAt: '2026-11-20T16:00:00.000Z',
  lastMessage: { body: 'Lunch at noon', createdAt: '2026-11-20T16:00:00.000Z' },
});
const fromBob = (overrides: Partial<ChatMessageDto>) =>
  buildChatMessage({ seq: 3, body: 'Are you there?', createdAt: '2026-11-20T17:00:00.000Z', ...overrides });

function setUp(routes: Record<string, FakeRoute> = {}, chats: ChatDto[] = [EVERYONE, BOB]) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/chats': { status: 200, body: { widget: true, chats } },
    [`GET /api/chats/${BOB_CHAT}`]: {
      status: 200,
      body: { chat: BOB, messages: [buildChatMessage({ seq: 2, body: 'Hello Ann' })], hasMore: false },
    },
    'PATCH /api/chats/read': { status: 200, body: { chatId: BOB_CHAT, lastReadSeq: 2, notifCount: 0 } },
    ...routes,
  });
  return renderApp('/billing', { token: 'token-ann' });
}

const receive = (message: ChatMessageDto) =>
  act(() => latestSocket().serverEmit('chatMessage', { chatId: message.chatId, message }));

async function openList(user: ReturnType<typeof setUp>['user']) {
  await user.click(await screen.findByRole('button', { name: /^Chats/ }));
  return within(await screen.findByRole('dialog', { name: 'Chats' }));
}

const rowTitles = (list: Awaited<ReturnType<typeof openList>>) =>
  list.getAllByRole('button', { name: /^(Bob Baker|Everyone)/ }).map((row) => row.getAttribute('aria-label'));

describe('a chat message from the socket', () => {
  it('joins the open chat at once, without counting as unread', async () => {
    const { user } = setUp();
    const list = await openList(user);
    await user.click(list.getByRole('button', { name: 'Bob Baker' }));
    const chat = within(await screen.findByRole('dialog', { name: 'Bob Baker' }));
    await chat.findByText('Hello Ann');

    receive(fromBob({}));

    expect(await chat.findByText('Are you there?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chats' })).toBeInTheDocument();
  });

  it('puts its chat on top of the list with its text, and an image alone as 📷', async () => {
    const { user } = setUp();
    const list = await openList(user);
    expect(rowTitles(list)).toEqual(['Everyone', 'Bob Baker']);

    receive(fromBob({}));
    await waitFor(() => expect(rowTitles(list)).toEqual(['Bob Baker, 1 unread', 'Everyone']));
    expect(list.getByRole('button', { name: 'Bob Baker, 1 unread' })).toHaveTextContent('Are you there?');

    receive(
      fromBob({
        seq: 4,
        body: '',
        file: { url: '/api/chats/image/1', thumbUrl: '/api/chats/image/1/thumb', width: 40, height: 30 },
      }),
    );
    await waitFor(() =>
      expect(list.getByRole('button', { name: 'Bob Baker, 2 unread' })).toHaveTextContent('📷'),
    );
  });

  it('counts once, and leaves the newest text shown, when it comes again late', async () => {
    const { user } = setUp();
    const list = await openList(user);
    receive(fromBob({ seq: 4, body: 'Newest' }));
    await list.findByRole('button', { name: 'Bob Baker, 2 unread' });

    receive(fromBob({ seq: 4, body: 'Newest' }));
    receive(fromBob({ seq: 3, body: 'Older, caught up late' }));
    // The lists update after the event: a later message in the team room shows when they have.
    receive(buildChatMessage({ chatId: ROOM, seq: 6, body: 'Marker' }));
    await list.findByRole('button', { name: 'Everyone, 1 unread' });

    const bob = list.getByRole('button', { name: 'Bob Baker, 2 unread' });
    expect(bob).toHaveTextContent('Newest');
    expect(bob).not.toHaveTextContent('Older, caught up late');
  });

  it('reloads the list when it is from a chat this tab has not listed yet', async () => {
    const NEW_CHAT = '44444444-4444-4444-8444-444444444444';
    let listed = [BOB];
    const { user } = setUp({
      'GET /api/chats': () => ({ status: 200, body: { widget: true, chats: listed } }),
    });
    const list = await openList(user);
    expect(requestsTo('GET', '/api/chats')).toHaveLength(1);
    const carol = buildChat({ _id: NEW_CHAT, title: 'Carol Reed', notifCount: 1, lastSeq: 1 });
    listed = [carol, BOB];

    receive(buildChatMessage({ chatId: NEW_CHAT, seq: 1, body: 'Hi, I just joined' }));

    expect(await list.findByRole('button', { name: 'Carol Reed, 1 unread' })).toBeInTheDocument();
  });
});

describe('a read mark from the socket', () => {
  it("clears the chat's count on the icon, as when it is read in another tab", async () => {
    setUp({}, [buildChat({ notifCount: 2, lastSeq: 2, lastReadSeq: 0 })]);
    expect(await screen.findByRole('button', { name: 'Chats, 2 unread' })).toBeInTheDocument();

    act(() => latestSocket().serverEmit('chatRead', { chatId: BOB_CHAT, lastReadSeq: 2, notifCount: 0 }));

    expect(await screen.findByRole('button', { name: 'Chats' })).toBeInTheDocument();
  });
});
