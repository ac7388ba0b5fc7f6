import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatDto } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { buildChat } from '../testing/chat-fixtures';

// A row of the Chats modal (spec part 1 §2.6): who, the last message, and how many are unread.

const ROOM = '22222222-2222-4222-8222-222222222222';

function setUp(chats: ChatDto[]) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/chats': { status: 200, body: { widget: true, chats } },
  });
  return renderApp('/billing', { token: 'token-ann' });
}

async function openList(user: ReturnType<typeof setUp>['user']) {
  await user.click(await screen.findByRole('button', { name: /^Chats/ }));
  return within(await screen.findByRole('dialog', { name: 'Chats' }));
}

describe('a row of the Chats list', () => {
  it('names how many of its messages are unread and shows that count; a read chat shows none', async () => {
    const { user } = setUp([
      buildChat({ notifCount: 2 }),
      buildChat({ _id: ROOM, kind: 'team', title: 'Everyone', notifCount: 0 }),
    ]);
    const list = await openList(user);

    const bob = list.getByRole('button', { name: 'Bob Baker, 2 unread' });
    expect(within(bob).getByTestId('chat-unread')).toHaveTextContent('2');
    const everyone = list.getByRole('button', { name: 'Everyone' });
    expect(within(everyone).queryByTestId('chat-unread')).not.toBeInTheDocument();
  });

  it('shows 99+ for more than 99 unread messages', async () => {
    const { user } = setUp([buildChat({ notifCount: 120, lastSeq: 120 })]);
    const list = await openList(user);
    const bob = list.getByRole('button', { name: 'Bob Baker, 120 unread' });
    expect(within(bob).getByTestId('chat-unread')).toHaveTextContent('99+');
  });

  it('shows the last message, or says nobody has written yet', async () => {
    const { user } = setUp([
      buildChat({ notifCount: 0 }),
      buildChat({ _id: ROOM, kind: 'team', title: 'Everyone', notifCount: 0, lastMessage: null }),
    ]);
    const list = await openList(user);

    expect(list.getByRole('button', { name: 'Bob Baker' })).toHaveTextContent(
      'Can you call the Pike St owner?',
    );
    expect(list.getByRole('button', { name: 'Everyone' })).toHaveTextContent('No messages yet.');
  });
});
