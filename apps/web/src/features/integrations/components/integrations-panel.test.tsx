import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@prospector/core';
import { buildUser } from '../../../test/factories';
import { mockApi, requestsTo } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const SAVED = {
  pushHook: '',
  inboundHook: 'https://crm.example.com/in',
  outboundHook: '',
  podioHook: '',
  apiKey: 'pk_key-456',
};

function setUp() {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/users/integrations': { status: 200, body: SAVED },
    'POST /api/users/updateHooks': (req) => ({ status: 200, body: { ...SAVED, ...(req.body as object) } }),
  });
  return renderApp('/settings/other', { token: 'token-ann' });
}

describe('integration hooks', () => {
  it("says '*Not a valid URL.' half a second after an invalid URL, and keeps Save disabled", async () => {
    const { user } = setUp();
    const push = await screen.findByRole('textbox', { name: /Push hook/ });
    await user.type(push, 'not a url');
    expect(await screen.findByText(messages.hooks.invalidUrl, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save hooks' })).toBeDisabled();
  });

  it('says private addresses are not allowed for a hook at a private or local address', async () => {
    const { user } = setUp();
    const push = await screen.findByRole('textbox', { name: /Push hook/ });
    await user.type(push, 'http://192.168.1.20/hook');
    expect(await screen.findByText(messages.hooks.privateUrl, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText(messages.hooks.invalidUrl)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save hooks' })).toBeDisabled();
  });

  it('saves changed hooks, and shows the API key to copy', async () => {
    const { user } = setUp();
    expect(await screen.findByText('pk_key-456')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save hooks' });
    expect(save).toBeDisabled(); // nothing changed yet
    await user.type(screen.getByRole('textbox', { name: /Outbound hook/ }), 'https://crm.example.com/out');
    await user.click(save);
    await waitFor(() =>
      expect(requestsTo('POST', '/api/users/updateHooks')[0]?.body).toEqual({
        pushHook: '',
        inboundHook: 'https://crm.example.com/in',
        outboundHook: 'https://crm.example.com/out',
        podioHook: '',
      }),
    );
  });
});
