import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@prospector/core';
import { buildItem, buildNotification, buildUser } from '../../test/factories';
import { mockApi, requestsTo, type FakeRoute } from '../../test/fake-api';
import { latestSocket } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';

const ITEM_ID = '55555555-5555-4555-8555-555555555555';
const NOTIFICATION_ID = '66666666-6666-4666-8666-666666666666';

function setUp(routes: Record<string, FakeRoute> = {}) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/notifications': {
      status: 200,
      body: {
        notifications: [buildNotification({ _id: NOTIFICATION_ID, targetId: ITEM_ID })],
        unread: 1,
        unseen: 1,
      },
    },
    'PATCH /api/notifications/markAllSeen': { status: 200, body: { ok: true } },
    ...routes,
  });
  return renderApp('/billing', { token: 'token-ann' });
}

describe('notifications', () => {
  it('raises the unread count on the bell when a notification arrives', async () => {
    setUp();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    act(() =>
      latestSocket().serverEmit('notification', {
        notification: buildNotification({ _id: 'notif-2', body: 'Bob Stone assigned you a contact' }),
        unread: 2,
      }),
    );

    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2');
  });

  it('shows the unread count beside Dashboard in the navigation, live (spec part 1 §2.1)', async () => {
    setUp();
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(await nav.findByRole('link', { name: 'Dashboard, 1 unread' })).toBeInTheDocument();
    act(() =>
      latestSocket().serverEmit('notification', {
        notification: buildNotification({ _id: 'notif-3', body: 'Bob Stone assigned you a contact' }),
        unread: 3,
      }),
    );
    expect(await nav.findByRole('link', { name: 'Dashboard, 3 unread' })).toBeInTheDocument();
  });

  it('marks everything seen when the panel opens and lists the notifications', async () => {
    const { user } = setUp();

    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));

    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('Bob Stone mentioned you')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('PATCH', '/api/notifications/markAllSeen')).toHaveLength(1));
  });

  it('clears the unread count with Mark all as read', async () => {
    const { user } = setUp({ 'PATCH /api/notifications/markAllRead': { status: 200, body: { ok: true } } });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));

    await user.click(await screen.findByRole('button', { name: messages.records.markAllRead }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks a clicked notification read and opens its record', async () => {
    const { user, location } = setUp({
      'PATCH /api/notifications/read': { status: 200, body: { ok: true } },
      [`GET /api/items/${ITEM_ID}`]: {
        status: 200,
        body: { item: buildItem({ _id: ITEM_ID }), messages: [], tasks: [], sections: [] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });

    await user.click(within(panel).getByText('Bob Stone mentioned you'));

    await waitFor(() => expect(location.current).toBe(`/billing?record=${ITEM_ID}`));
    expect(requestsTo('PATCH', '/api/notifications/read')[0]?.body).toEqual({ _id: NOTIFICATION_ID });
    expect(await screen.findByRole('dialog', { name: /Jane Doe/ }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('refreshes the unread count once an opened record has been read', async () => {
    let read = false;
    mockApi({
      'GET /api/users/me': { status: 200, body: { user: buildUser() } },
      'GET /api/notifications': () => ({
        status: 200,
        body: {
          notifications: [buildNotification({ _id: NOTIFICATION_ID, targetId: ITEM_ID, read, seen: true })],
          unread: read ? 0 : 1,
          unseen: 0,
        },
      }),
      [`GET /api/items/${ITEM_ID}`]: () => {
        read = true;
        return {
          status: 200,
          body: { item: buildItem({ _id: ITEM_ID }), messages: [], tasks: [], sections: [] },
        };
      },
    });
    renderApp(`/billing?record=${ITEM_ID}`, { token: 'token-ann' });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    expect(
      await screen.findByRole('button', { name: 'Notifications' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});
