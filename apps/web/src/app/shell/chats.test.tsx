import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SupportInboxRowDto } from '@prospector/core';
import { buildUser } from '../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../test/fake-api';
import { latestSocket } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { BOB_CHAT, buildChat, buildChatMessage } from '../../features/chats/testing/chat-fixtures';

const ROOM = '22222222-2222-4222-8222-222222222222';

const history = {
  chat: buildChat(),
  messages: [
    buildChatMessage({ seq: 1, body: 'Hello Ann' }),
    buildChatMessage({ seq: 2, body: 'Can you call the Pike St owner?' }),
  ],
  hasMore: false,
};

function setUp(routes: Record<string, FakeRoute> = {}, user = buildUser()) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user } },
    'GET /api/chats': {
      status: 200,
      body: {
        widget: true,
        chats: [
          buildChat(),
          buildChat({ _id: ROOM, kind: 'team', title: 'Everyone', notifCount: 0, lastMessage: null }),
        ],
      },
    },
    [`GET /api/chats/${BOB_CHAT}`]: { status: 200, body: history },
    'PATCH /api/chats/read': { status: 200, body: { chatId: BOB_CHAT, lastReadSeq: 2, notifCount: 0 } },
    ...routes,
  });
  return renderApp('/billing', { token: 'token-ann' });
}

describe('chats', () => {
  it('shows the unread count over every chat on the chat icon, raised live by a new message', async () => {
    setUp();
    expect(await screen.findByRole('button', { name: 'Chats, 2 unread' })).toBeInTheDocument();
    act(() =>
      latestSocket().serverEmit('chatMessage', {
        chatId: BOB_CHAT,
        message: buildChatMessage({ seq: 3, body: 'Are you there?' }),
      }),
    );
    expect(await screen.findByRole('button', { name: 'Chats, 3 unread' })).toBeInTheDocument();
    // The same message again (a catch-up after a reconnect) counts once.
    act(() =>
      latestSocket().serverEmit('chatMessage', {
        chatId: BOB_CHAT,
        message: buildChatMessage({ seq: 3, body: 'Are you there?' }),
      }),
    );
    expect(screen.getByTestId('chats-badge')).toHaveTextContent('3');
  });

  it('lists the chats with their previews, and opening one shows it and marks it read', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Chats, 2 unread' }));
    const list = await screen.findByRole('dialog', { name: 'Chats' });
    expect(within(list).getByText('Everyone')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Bob Baker, 2 unread' }));

    const chat = await screen.findByRole('dialog', { name: 'Bob Baker' });
    expect(await within(chat).findByText('Hello Ann')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('PATCH', '/api/chats/read')).toHaveLength(1));
    expect(requestsTo('PATCH', '/api/chats/read')[0]!.body).toEqual({ chatId: BOB_CHAT, seq: 2 });
    expect(await screen.findByRole('button', { name: 'Chats' })).toBeInTheDocument();
  });

  it('sends only with text (or an image), as the spec’s form', async () => {
    const { user } = setUp({
      'POST /api/chats/send': {
        status: 200,
        body: {
          message: buildChatMessage({
            seq: 3,
            body: 'On it',
            sender: { _id: 'user-1', name: 'Ann Walker', avatar: null },
          }),
          fileId: null,
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Chats, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Bob Baker, 2 unread' }));
    const chat = await screen.findByRole('dialog', { name: 'Bob Baker' });
    const send = within(chat).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(within(chat).getByRole('textbox', { name: 'Message' }), '   ');
    expect(send).toBeDisabled();
    await user.type(within(chat).getByRole('textbox', { name: 'Message' }), 'On it{Enter}');
    expect(await within(chat).findByText('On it')).toBeInTheDocument();
    const form = requestsTo('POST', '/api/chats/send')[0]!.body as FormData;
    expect(form.get('chatId')).toBe(BOB_CHAT);
    expect(form.get('body')).toBe('   On it');
    expect(within(chat).getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('hides the chat icon for our internal team (the server says so)', async () => {
    setUp({ 'GET /api/chats': { status: 200, body: { widget: false, chats: [] } } });
    expect(await screen.findByRole('button', { name: /Notifications/ })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('GET', '/api/chats').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /^Chats/ })).not.toBeInTheDocument();
  });

  it('gives the staff a support inbox with each team’s plan and credits', async () => {
    const row: SupportInboxRowDto = {
      ...buildChat({ _id: ROOM, kind: 'support', support: true, title: 'Bayview Homes', notifCount: 1 }),
      teamName: 'Bayview Homes',
      plan: 'LITE',
      credits: '$12.50',
    };
    const { user } = setUp(
      { 'GET /api/chats/support': { status: 200, body: { chats: [row] } } },
      buildUser({ isStaff: true }),
    );
    await user.click(await screen.findByRole('button', { name: 'Chats, 2 unread' }));
    await user.click(await screen.findByRole('radio', { name: 'Support inbox' }));
    const inbox = await screen.findByRole('dialog', { name: 'Chats' });
    expect(await within(inbox).findByText('Bayview Homes')).toBeInTheDocument();
    expect(within(inbox).getByText('LITE')).toBeInTheDocument();
    expect(within(inbox).getByText('$12.50 credits')).toBeInTheDocument();
  });

  it("counts teams' unread support messages on the staff's chat icon, and a new one raises it live", async () => {
    const SUPPORT = '33333333-3333-4333-8333-333333333333';
    const row: SupportInboxRowDto = {
      ...buildChat({
        _id: SUPPORT,
        team: 'team-9',
        kind: 'support',
        support: true,
        title: 'Bayview Homes',
        notifCount: 3,
        lastSeq: 3,
      }),
      teamName: 'Bayview Homes',
      plan: 'LITE',
      credits: '$12.50',
    };
    setUp(
      { 'GET /api/chats/support': { status: 200, body: { chats: [row] } } },
      buildUser({ isStaff: true }),
    );
    expect(await screen.findByRole('button', { name: 'Chats, 5 unread' })).toBeInTheDocument();
    act(() =>
      latestSocket().serverEmit('chatMessage', {
        chatId: SUPPORT,
        message: buildChatMessage({
          chatId: SUPPORT,
          seq: 4,
          body: 'Still waiting',
          sender: { _id: 'user-9', name: 'Bay Owner', avatar: null },
        }),
      }),
    );
    expect(await screen.findByRole('button', { name: 'Chats, 6 unread' })).toBeInTheDocument();
  });
});
