import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@prospector/core';
import { buildUser } from '../../test/factories';
import { DEFAULT_CONFIG, mockApi, requestsTo } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('login', () => {
  it('shows Send Code first, then the code field and Submit once the code is sent, then logs in', async () => {
    mockApi({
      'POST /api/users/sendCode': { status: 200, body: { sent: true } },
      'POST /api/users/login': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { status: 200, body: { token: 'token-ann', user: buildUser() } }
          : { status: 400, body: { code: 'INVALID_CODE', message: messages.auth.invalidCode } },
    });
    const { user, location } = renderApp('/login');

    expect(screen.queryByLabelText('Login code')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ann@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));

    const codeField = await screen.findByLabelText('Login code');
    expect(screen.getByText(messages.login.codeSent)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Code' })).not.toBeInTheDocument();
    await user.type(codeField, '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-ann'));
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(location.current).toBe('/'));
  });

  it('tells an address invited by several teams which team it joined', async () => {
    const notice = messages.auth.otherInvitations
      .replace('{team}', 'Acme Homes')
      .replace('{others}', 'Beta Realty');
    mockApi({
      'POST /api/users/sendCode': { status: 200, body: { sent: true } },
      'POST /api/users/login': { status: 200, body: { token: 'token-ann', user: buildUser(), notice } },
    });
    const { user } = renderApp('/login');

    await user.type(screen.getByLabelText('Email'), 'ann@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await user.type(await screen.findByLabelText('Login code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(notice)).toBeInTheDocument();
  });

  it('sends the stored affiliate id with the code request', async () => {
    localStorage.setItem('affId', 'partner-42');
    mockApi({ 'POST /api/users/sendCode': { status: 200, body: { sent: true } } });
    const { user } = renderApp('/login');

    await user.type(screen.getByLabelText('Email'), 'ann@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));

    await screen.findByLabelText('Login code');
    expect(requestsTo('POST', '/api/users/sendCode')[0]?.body).toEqual({
      email: 'ann@acme.test',
      affId: 'partner-42',
    });
  });

  it('asks staff to log in with their e-mail first when a name is typed, and sends nothing', async () => {
    mockApi();
    const { user } = renderApp('/login');

    await user.type(screen.getByLabelText('Email'), 'Jane Staff');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByText(/Staff must log in with their e-mail first/)).toBeInTheDocument();
    expect(requestsTo('POST', '/api/users/sendCode')).toHaveLength(0);
    expect(requestsTo('POST', '/api/admin/hijack')).toHaveLength(0);
  });

  it('says where the code is when the server prints codes to its log', async () => {
    mockApi({
      'GET /api/config': { status: 200, body: { ...DEFAULT_CONFIG, codesInServerLog: true } },
      'POST /api/users/sendCode': { status: 200, body: { sent: true } },
    });
    const { user } = renderApp('/login');

    await user.type(screen.getByLabelText('Email'), 'ann@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByText(/The code is printed in the server log/)).toBeInTheDocument();
  });

  it("opens the login form in a dialog from the landing page's Try now", async () => {
    mockApi();
    const { user } = renderApp('/');

    await user.click(screen.getByRole('button', { name: 'Try now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log in or create your account' });
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send Code' })).toBeInTheDocument();
  });
});
