import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type ChatDto } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { BOB_CHAT, buildChat, buildChatMessage } from '../testing/chat-fixtures';

// One chat opened from the chat icon (spec part 1 §2.6): its history, paged backwards.

const CHAT = BOB_CHAT;
/** Bob's chat as the list shows it when everything in it is read. */
const chat = (overrides: Partial<ChatDto> = {}) =>
  buildChat({ notifCount: 0, lastSeq: 0, lastMessage: null, ...overrides });
const message = (seq: number, body: string) =>
  buildChatMessage({ seq, body, createdAt: `2026-11-20T14:5${seq}:00.000Z` });

function setUp(history: FakeRoute, listed = chat()) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/chats': { status: 200, body: { widget: true, chats: [listed] } },
    [`GET /api/chats/${CHAT}`]: history,
    'PATCH /api/chats/read': { status: 200, body: { chatId: CHAT, lastReadSeq: 3, notifCount: 0 } },
  });
  return renderApp('/billing', { token: 'token-ann' });
}

async function openChat(user: ReturnType<typeof setUp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Chats' }));
  await user.click(await screen.findByRole('button', { name: 'Bob Baker' }));
  return within(await screen.findByRole('dialog', { name: 'Bob Baker' }));
}

describe('a chat', () => {
  it('says so when nobody has written yet, and marks nothing read', async () => {
    const { user } = setUp({ status: 200, body: { chat: chat(), messages: [], hasMore: false } });
    const opened = await openChat(user);
    expect(await opened.findByText(messages.chats.noMessages)).toBeInTheDocument();
    expect(opened.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/chats/read')).toHaveLength(0);
  });

  it('shows the newest messages first and loads the older ones, above them, on demand', async () => {
    const listed = chat({ lastSeq: 3 });
    const pages = [
      { chat: listed, messages: [message(2, 'Second'), message(3, 'Third')], hasMore: true },
      { chat: listed, messages: [message(1, 'First')], hasMore: false },
    ];
    let served = 0;
    const { user } = setUp(() => ({ status: 200, body: pages[Math.min(served++, 1)] }), listed);
    const opened = await openChat(user);
    expect(await opened.findByText('Third')).toBeInTheDocument();
    expect(opened.queryByText('First')).not.toBeInTheDocument();

    await user.click(opened.getByRole('button', { name: 'Load older messages' }));

    expect(await opened.findByText('First')).toBeInTheDocument();
    const shown = within(opened.getByLabelText('Messages'))
      .getAllByText(/^(First|Second|Third)$/)
      .map((node) => node.textContent);
    expect(shown).toEqual(['First', 'Second', 'Third']);
    expect(opened.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });
});
