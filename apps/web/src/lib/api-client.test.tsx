import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getMe, messages } from '@prospector/core';
import { buildUser } from '../test/factories';
import { mockApi, requestsTo } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { call } from './api-client';

async function requestCode(email = 'ann@acme.test') {
  const view = renderApp('/login');
  await view.user.type(screen.getByLabelText('Email'), email);
  await view.user.click(screen.getByRole('button', { name: 'Send Code' }));
  return view;
}

function toastColor(toast: HTMLElement): string {
  return toast.style.getPropertyValue('--notification-color');
}

describe('API client', () => {
  it("shows the server's message in a red toast when a call fails", async () => {
    mockApi({
      'POST /api/users/sendCode': {
        status: 429,
        body: { code: 'TOO_MANY_SENDS', message: messages.auth.tooManySends },
      },
    });
    await requestCode();

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(messages.auth.tooManySends);
    expect(toastColor(toast)).toContain('red');
    expect(screen.queryByLabelText('Login code')).not.toBeInTheDocument();
  });

  it("shows 'Something went wrong!' when a failing call has no message", async () => {
    mockApi({ 'POST /api/users/sendCode': { status: 500 } });
    await requestCode();

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
    expect(screen.queryByLabelText('Login code')).not.toBeInTheDocument();
  });

  it('stays silent on a Bad Gateway answer', async () => {
    mockApi({
      'POST /api/users/sendCode': { status: 502, body: { code: 'BAD_GATEWAY', message: 'Upstream down' } },
    });
    await requestCode();

    await waitFor(() => expect(requestsTo('POST', '/api/users/sendCode')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Login code')).not.toBeInTheDocument();
  });

  it('treats a 202 answer as success and shows its message as a blue confirmation', async () => {
    const confirmation = 'A code was already sent a moment ago; it is still valid.';
    mockApi({ 'POST /api/users/sendCode': { status: 202, body: { message: confirmation } } });
    await requestCode();

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(confirmation);
    expect(toastColor(toast)).toContain('blue');
    expect(await screen.findByLabelText('Login code')).toBeInTheDocument();
  });

  it('logs out and returns to / when an authenticated call answers 401', async () => {
    mockApi({
      'GET /api/users/me': {
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: messages.auth.unauthenticated },
      },
    });
    const { location } = renderApp('/campaigns', { token: 'expired-token' });

    expect(await screen.findByRole('button', { name: 'Try now' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(location.current).toBe('/');
  });

  it('sends the stored token as a bearer token', async () => {
    mockApi({ 'GET /api/users/me': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'x' } } });
    renderApp('/', { token: 'token-ann' });

    await screen.findByRole('button', { name: 'Try now' });
    expect(requestsTo('GET', '/api/users/me')[0]?.token).toBe('token-ann');
  });

  describe('outside production, an answer is checked against its contract', () => {
    // The fake API refuses to give such an answer (test/fake-api.ts), so fetch answers by hand here.
    function answer(status: number, body: unknown) {
      vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
    }

    it('refuses a 200 the response schema does not describe, naming the call', async () => {
      answer(200, { user: { _id: 'user-1' } });
      // The mismatch is also logged for the developer; here it is expected.
      vi.mocked(console.error).mockImplementation(() => undefined);

      await expect(call(getMe)).rejects.toThrow('GET /api/users/me answered outside its contract');
    });

    it('returns a 200 the response schema describes as it came', async () => {
      const body = { user: buildUser() };
      answer(200, body);

      expect(await call(getMe)).toEqual(body);
    });
  });
});
