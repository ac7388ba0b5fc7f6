import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@prospector/core';
import { authKeys } from '../../features/auth';
import { queryClient } from '../../lib/query-client';
import { buildUser } from '../../test/factories';
import { mockApi, requestsTo } from '../../test/fake-api';
import { latestSocket } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';

function meReturns(user = buildUser()) {
  return { 'GET /api/users/me': { status: 200, body: { user } } };
}

/** /lists asks for the team's lists. */
const NO_LISTS = { 'POST /api/lists/get': { status: 200, body: { lists: [], hasMore: false } } };

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

describe('logged-in shell', () => {
  it('hides Messenger from a member without the messenger permission', async () => {
    mockApi(meReturns(buildUser({ role: 'member', permissions: ['campaigns', 'sms'] })));
    renderApp('/', { token: 'token-ann' });

    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Campaigns' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Messenger' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows Messenger to a member with the permission and to admins', async () => {
    mockApi(meReturns(buildUser({ role: 'member', permissions: ['messenger'] })));
    renderApp('/', { token: 'token-ann' });

    expect((await mainNav()).getByRole('link', { name: 'Messenger' })).toHaveAttribute('href', '/messenger');
  });

  it('shows Admin and Switch to user to staff only', async () => {
    mockApi(meReturns(buildUser({ isStaff: true })));
    renderApp('/', { token: 'token-staff' });

    expect((await mainNav()).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/teams');
    expect(screen.getByRole('button', { name: 'Switch to user' })).toBeInTheDocument();
  });

  it('marks the entry of the current screen, sub-pages included', async () => {
    mockApi({
      ...meReturns(),
      'GET /api/templates': {
        status: 200,
        body: { groups: [], templates: [], subTemplates: [], quickReplies: [], fields: [] },
      },
    });
    renderApp('/templates/quick-replies', { token: 'token-ann' });

    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'Templates' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('shows the billing screen at /billing, as Settings > Billing does', async () => {
    mockApi(meReturns());
    renderApp('/billing', { token: 'token-ann' });

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(await within(main).findByRole('region', { name: 'Active card' })).toBeInTheDocument();
  });

  it('sends an unknown logged-in path to /', async () => {
    mockApi(meReturns());
    const { location } = renderApp('/no-such-screen', { token: 'token-ann' });

    await waitFor(() => expect(location.current).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('logs out: the token and all client state are cleared and the visitor is back on /', async () => {
    mockApi({
      ...meReturns(),
      ...NO_LISTS,
      'POST /api/users/logout': { status: 200, body: { ok: true } },
    });
    const { user, location } = renderApp('/lists', { token: 'token-ann' });

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('button', { name: 'Try now' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(queryClient.getQueryData(authKeys.me())).toBeUndefined();
    expect(location.current).toBe('/');
    await waitFor(() => expect(requestsTo('POST', '/api/users/logout')[0]?.token).toBe('token-ann'));
  });

  it('switches back from an impersonated session to the staff token, landing in the admin area', async () => {
    const staff = buildUser({ _id: 'staff-1', name: 'Sam Staff', isStaff: true });
    const impersonated = buildUser({ name: 'Ann Walker', impersonatedBy: 'Sam Staff' });
    mockApi({
      'GET /api/users/me': ({ token }) => ({
        status: 200,
        body: { user: token === 'token-staff' ? staff : impersonated },
      }),
      'POST /api/users/logout': { status: 200, body: { ok: true } },
      // The admin area asks for the second factor first; not given, it asks for the code.
      'GET /api/admin/secondFactor': {
        status: 200,
        body: { enrolled: true, verified: false, verifiedUntil: null, recoveryCodesLeft: 10 },
      },
    });
    const { user, location } = renderApp('/', { token: 'token-ann', oldToken: 'token-staff' });

    await user.click(await screen.findByRole('button', { name: 'Switch back' }));

    expect(await screen.findByText('Sam Staff')).toBeInTheDocument();
    await waitFor(() => expect(location.current).toMatch(/^\/admin/));
    expect(localStorage.getItem('token')).toBe('token-staff');
    expect(localStorage.getItem('oldToken')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Switch back' })).not.toBeInTheDocument();
    await waitFor(() => expect(requestsTo('POST', '/api/users/logout')[0]?.token).toBe('token-ann'));
  });

  it('lets staff open a user by name and keeps their own token to switch back', async () => {
    const staff = buildUser({ name: 'Sam Staff', isStaff: true });
    mockApi({
      ...meReturns(staff),
      'POST /api/admin/hijack': ({ body }) => ({
        status: 200,
        body: {
          token: 'token-bob',
          user: buildUser({ name: (body as { name: string }).name, impersonatedBy: 'Sam Staff' }),
        },
      }),
    });
    const { user } = renderApp('/', { token: 'token-staff' });

    await user.click(await screen.findByRole('button', { name: 'Switch to user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to user' });
    await user.type(within(dialog).getByLabelText('Email'), 'Bob Jones');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByRole('button', { name: 'Switch back' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('token-bob');
    expect(localStorage.getItem('oldToken')).toBe('token-staff');
    expect(screen.getAllByText('Bob Jones').length).toBeGreaterThan(0);
  });

  it("shows the server's refusal when someone who is not staff tries to switch", async () => {
    mockApi({
      ...meReturns(buildUser({ isStaff: true })),
      'POST /api/admin/hijack': {
        status: 403,
        body: { code: 'FORBIDDEN', message: messages.auth.impersonationForbidden },
      },
    });
    const { user } = renderApp('/', { token: 'token-staff' });

    await user.click(await screen.findByRole('button', { name: 'Switch to user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to user' });
    await user.type(within(dialog).getByLabelText('Email'), 'Bob Jones');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('nope.');
    expect(localStorage.getItem('token')).toBe('token-staff');
  });

  it('shows only the onboarding welcome to a team that is not onboarded', async () => {
    mockApi({
      ...meReturns(buildUser({ name: 'Ann', team: { name: 'Unnamed Company', onboarded: false } })),
      // Where the user left off is read from what the team has (none of it here: the welcome).
      'GET /api/services/devices': { status: 200, body: { devices: [] } },
      'GET /api/templates': {
        status: 200,
        body: { groups: [], templates: [], subTemplates: [], quickReplies: [], fields: [] },
      },
      'GET /api/settings/statuses': { status: 200, body: { statuses: [] } },
    });
    renderApp('/campaigns', { token: 'token-ann' });

    expect(await screen.findByRole('heading', { name: 'Welcome to Prospector, Ann' })).toBeInTheDocument();
    expect(screen.getAllByTestId('progress-segment')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'BACK' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'NEXT' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows only the mobile notice and a logout on a phone', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    mockApi(meReturns());
    renderApp('/', { token: 'token-ann' });

    expect(await screen.findByText(messages.shell.mobile)).toBeInTheDocument();
    expect(screen.getByText(messages.shell.mobileHint)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('realtime', () => {
  it('connects with the token and shows Connected to server', async () => {
    mockApi(meReturns());
    renderApp('/', { token: 'token-ann' });
    await mainNav();

    const socket = latestSocket();
    expect(socket.auth).toEqual({ token: 'token-ann' });
    act(() => socket.serverEmit('connect'));
    expect(await screen.findByText(messages.shell.connected)).toBeInTheDocument();
  });

  it('ends the session when the server revokes it', async () => {
    mockApi({ ...meReturns(), ...NO_LISTS });
    const { location } = renderApp('/lists', { token: 'token-ann' });
    await mainNav();

    act(() => latestSocket().serverEmit('sessionRevoked', { reason: 'revoked' }));

    expect(await screen.findByRole('button', { name: 'Try now' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(location.current).toBe('/');
  });

  it('drops the token when the handshake is refused as unauthorized', async () => {
    mockApi(meReturns());
    renderApp('/', { token: 'token-ann' });
    await mainNav();

    act(() => latestSocket().serverEmit('connect_error', new Error('unauthorized')));

    expect(await screen.findByRole('button', { name: 'Try now' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the suspension banner the moment staff suspend the team, and drops it when they lift it', async () => {
    mockApi(meReturns());
    renderApp('/', { token: 'token-ann' });
    await mainNav();
    expect(screen.queryByText(/Your team is suspended/)).not.toBeInTheDocument();

    act(() =>
      latestSocket().serverEmit('teamSuspension', {
        suspension: { reason: 'Contact support.', since: '2026-11-28T10:00:00.000Z' },
      }),
    );
    const banner = await screen.findByText(/Your team is suspended/);
    expect(banner).toHaveTextContent(/Reason: Contact support\.$/);

    act(() => latestSocket().serverEmit('teamSuspension', { suspension: null }));
    await waitFor(() => expect(screen.queryByText(/Your team is suspended/)).not.toBeInTheDocument());
  });

  it('fetches what the screen shows again when the link to the server comes back', async () => {
    mockApi({ ...meReturns(), ...NO_LISTS });
    renderApp('/lists', { token: 'token-ann' });
    await waitFor(() => expect(requestsTo('POST', '/api/lists/get')).toHaveLength(1));
    act(() => latestSocket().serverEmit('connect'));
    expect(requestsTo('POST', '/api/lists/get')).toHaveLength(1);

    // Events sent while the link was down are lost: the lists are asked for again once it is back.
    act(() => latestSocket().serverEmit('disconnect'));
    act(() => latestSocket().serverEmit('connect'));
    await waitFor(() => expect(requestsTo('POST', '/api/lists/get')).toHaveLength(2));
  });

  it('shows new credits in the top bar as soon as staff add them', async () => {
    mockApi(meReturns());
    renderApp('/', { token: 'token-ann' });
    const before = await screen.findByRole('link', { name: /^Credits:/ });
    expect(before).not.toHaveAccessibleName('Credits: $1,262.50');

    act(() => latestSocket().serverEmit('creditsChanged', { credits: 1262.5 }));
    expect(await screen.findByRole('link', { name: 'Credits: $1,262.50' })).toBeInTheDocument();
  });
});
