import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMember, buildUser } from '../../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { BOB_CHAT, buildChat, buildChatMessage } from '../testing/chat-fixtures';

// The input of an open chat (spec part 1 §2.6, §5): Enter sends, Shift+Enter adds a line, a message
// needs text or an image, and @names are sent as mentions.

const BOB = buildMember({ _id: 'user-2', name: 'Bob Baker', role: 'member' });
/** A teammate who is not in Ann's chat with Bob. */
const CAROL = buildMember({ _id: 'user-3', name: 'Carol Reed', role: 'member' });
const sentBack: FakeRoute = ({ body }) => ({
  status: 200,
  body: {
    message: buildChatMessage({
      seq: 1,
      body: String((body as FormData).get('body')),
      sender: { _id: 'user-1', name: 'Ann Walker', avatar: null },
    }),
    fileId: null,
  },
});

function setUp(send: FakeRoute = sentBack) {
  const chat = buildChat({ notifCount: 0, lastSeq: 0, lastMessage: null });
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/teams/members': { status: 200, body: { members: [buildMember(), BOB, CAROL] } },
    'GET /api/chats': { status: 200, body: { widget: true, chats: [chat] } },
    [`GET /api/chats/${BOB_CHAT}`]: { status: 200, body: { chat, messages: [], hasMore: false } },
    'PATCH /api/chats/read': { status: 200, body: { chatId: BOB_CHAT, lastReadSeq: 1, notifCount: 0 } },
    'POST /api/chats/send': send,
  });
  return renderApp('/billing', { token: 'token-ann' });
}

async function openChat(user: ReturnType<typeof setUp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Chats' }));
  await user.click(await screen.findByRole('button', { name: 'Bob Baker' }));
  const chat = within(await screen.findByRole('dialog', { name: 'Bob Baker' }));
  return {
    chat,
    box: chat.getByRole('textbox', { name: 'Message' }),
    send: chat.getByRole('button', { name: 'Send' }),
  };
}

const sentForm = (index = 0) => requestsTo('POST', '/api/chats/send')[index]?.body as FormData | undefined;

describe("a chat's input", () => {
  it('keeps Send off while there is no text, or only spaces', async () => {
    const { user } = setUp();
    const { box, send } = await openChat(user);
    expect(send).toBeDisabled();

    await user.type(box, '   {Enter}');

    expect(send).toBeDisabled();
    expect(requestsTo('POST', '/api/chats/send')).toHaveLength(0);
  });

  it('adds a line on Shift+Enter and sends on Enter; the message joins the chat and the input empties', async () => {
    const { user } = setUp();
    const { chat, box } = await openChat(user);

    await user.type(box, 'See you{Shift>}{Enter}{/Shift}at 5');
    expect(requestsTo('POST', '/api/chats/send')).toHaveLength(0);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(box).toHaveValue(''));
    expect(sentForm()?.get('chatId')).toBe(BOB_CHAT);
    expect(sentForm()?.get('body')).toBe('See you\nat 5');
    expect(within(chat.getByLabelText('Messages')).getByText(/at 5/)).toBeInTheDocument();
  });

  it("sends as mentioned the chat's members named with @, not others", async () => {
    const { user } = setUp();
    const { box } = await openChat(user);

    await user.type(box, 'Thanks @bob, and @carol{Enter}');

    await waitFor(() => expect(requestsTo('POST', '/api/chats/send')).toHaveLength(1));
    expect(sentForm()?.get('mentions')).toBe(BOB._id);
  });

  it('sends an image alone, and takes the same image again after it was removed', async () => {
    const { user } = setUp();
    const { chat, send } = await openChat(user);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'porch.jpg', { type: 'image/jpeg' });
    // The hidden file input behind 'Attach an image'.
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(input, photo);
    expect(chat.getByText('porch.jpg')).toBeInTheDocument();
    expect(send).toBeEnabled();
    await user.click(chat.getByRole('button', { name: 'Remove the image' }));
    expect(chat.queryByText('porch.jpg')).not.toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.upload(input, photo);
    await user.click(send);

    await waitFor(() => expect(requestsTo('POST', '/api/chats/send')).toHaveLength(1));
    expect((sentForm()?.get('img') as File).name).toBe('porch.jpg');
    await waitFor(() => expect(chat.queryByText('porch.jpg')).not.toBeInTheDocument());
  });

  it('keeps a refused message in the input and says why', async () => {
    const { user } = setUp({ status: 403, body: { code: 'X', message: 'This chat is closed.' } });
    const { box } = await openChat(user);

    await user.type(box, 'Hello?{Enter}');

    expect(await screen.findByText('This chat is closed.')).toBeInTheDocument();
    expect(box).toHaveValue('Hello?');
  });
});
