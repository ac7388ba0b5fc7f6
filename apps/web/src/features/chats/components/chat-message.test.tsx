import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildItem, buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { BOB_CHAT, buildChat, buildChatMessage } from '../testing/chat-fixtures';

// A message of a chat (spec part 1 §2.6): whose it is, and the records it links to.

const ITEM_ID = '33333333-3333-4333-8333-333333333333';

function setUp(messages: ReturnType<typeof buildChatMessage>[]) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/chats': { status: 200, body: { widget: true, chats: [buildChat({ notifCount: 0 })] } },
    [`GET /api/chats/${BOB_CHAT}`]: { status: 200, body: { chat: buildChat(), messages, hasMore: false } },
    'PATCH /api/chats/read': { status: 200, body: { chatId: BOB_CHAT, lastReadSeq: 2, notifCount: 0 } },
    'POST /api/chats/cards': {
      status: 200,
      body: { cards: [{ _id: ITEM_ID, type: 'contact', title: 'Jane Doe' }] },
    },
    [`GET /api/items/${ITEM_ID}`]: {
      status: 200,
      body: { item: buildItem({ _id: ITEM_ID }), messages: [], tasks: [], sections: [] },
    },
  });
  return renderApp('/billing', { token: 'token-ann' });
}

async function openChat(user: ReturnType<typeof setUp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Chats' }));
  await user.click(await screen.findByRole('button', { name: 'Bob Baker' }));
  return within(await screen.findByRole('dialog', { name: 'Bob Baker' }));
}

describe('a chat message', () => {
  it("names its sender when it is someone else's, and not when it is the reader's own", async () => {
    const { user } = setUp([
      buildChatMessage({ seq: 1, body: 'Hello Ann' }),
      buildChatMessage({
        seq: 2,
        body: 'Hi Bob',
        sender: { _id: 'user-1', name: 'Ann Walker', avatar: null },
      }),
    ]);
    const chat = await openChat(user);

    const theirs = (await chat.findByText('Hello Ann')).closest('[data-seq]')!;
    expect(theirs).toHaveTextContent('Bob Baker');
    const mine = chat.getByText('Hi Bob').closest('[data-seq]')!;
    expect(mine).not.toHaveTextContent('Ann Walker');
  });

  it('opens a linked record over the page, and the chat closes', async () => {
    const { user, location } = setUp([buildChatMessage({ seq: 1, body: 'This one', records: [ITEM_ID] })]);
    const chat = await openChat(user);

    await user.click(await chat.findByRole('button', { name: 'Open Jane Doe' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bob Baker' })).not.toBeInTheDocument());
    expect(location.current).toBe(`/billing?record=${ITEM_ID}`);
    expect(requestsTo('POST', '/api/chats/cards')[0]?.body).toEqual({ itemIds: [ITEM_ID] });
  });
});
