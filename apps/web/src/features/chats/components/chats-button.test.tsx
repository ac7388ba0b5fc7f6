import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SupportInboxRowDto } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { buildChat } from '../testing/chat-fixtures';

// The top bar's chat icon (spec part 1 §2.1): the unread count over every chat the reader sees.

const SUPPORT = '33333333-3333-4333-8333-333333333333';
const supportRow = (notifCount: number): SupportInboxRowDto => ({
  ...buildChat({
    _id: SUPPORT,
    kind: 'support',
    support: true,
    title: 'Bayview Homes',
    notifCount,
    lastSeq: notifCount,
  }),
  teamName: 'Bayview Homes',
  plan: 'LITE',
  credits: '$12.50',
});

function setUp(routes: Record<string, FakeRoute>, user = buildUser()) {
  mockApi({ 'GET /api/users/me': { status: 200, body: { user } }, ...routes });
  return renderApp('/billing', { token: 'token-ann' });
}

describe('the chat icon', () => {
  it('shows 99+ over more than 99 unread messages, and names the exact count', async () => {
    setUp({
      'GET /api/chats': {
        status: 200,
        body: {
          widget: true,
          chats: [
            buildChat({ notifCount: 60, lastSeq: 60 }),
            buildChat({ _id: SUPPORT, notifCount: 45, lastSeq: 45 }),
          ],
        },
      },
    });
    expect(await screen.findByRole('button', { name: 'Chats, 105 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('chats-badge')).toHaveTextContent('99+');
  });

  it("counts once a support chat that is both among the staff member's chats and in the support inbox", async () => {
    setUp(
      {
        'GET /api/chats': { status: 200, body: { widget: true, chats: [supportRow(3)] } },
        'GET /api/chats/support': { status: 200, body: { chats: [supportRow(3)] } },
      },
      buildUser({ isStaff: true }),
    );
    expect(await screen.findByRole('button', { name: 'Chats, 3 unread' })).toBeInTheDocument();
  });

  it('shows no count when every chat is read', async () => {
    setUp({
      'GET /api/chats': { status: 200, body: { widget: true, chats: [buildChat({ notifCount: 0 })] } },
    });
    expect(await screen.findByRole('button', { name: 'Chats' })).toBeInTheDocument();
    expect(screen.getByTestId('chats-badge')).not.toHaveTextContent(/\d/);
  });
});
