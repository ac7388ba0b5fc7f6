import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../../components/lazy-load';
import { buildUser } from '../../test/factories';
import { mockApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

// After a deploy, a tab opened before it asks for chunks that are gone: their import fails.
const GONE = 'Failed to fetch dynamically imported module';
vi.mock('./login-route', () => {
  throw new TypeError(`${GONE}: /assets/login-route-old.js`);
});
vi.mock('../../features/export', () => {
  throw new TypeError(`${GONE}: /assets/export-old.js`);
});

/** React reports the error the boundary caught on console.error: these tests expect just that. */
function expectCaughtChunkErrors() {
  const logged: unknown[] = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(...args));
  return () => logged.filter((arg) => arg instanceof Error);
}

describe('pages whose code cannot be loaded', () => {
  it('shows the login page that could not be loaded as a message with a Reload button, not a white page', async () => {
    const caught = expectCaughtChunkErrors();
    mockApi();
    renderApp('/login');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(caught().length).toBeGreaterThan(0);
    expect(caught().every((error) => error instanceof ChunkLoadError)).toBe(true);
  });

  it('keeps the workspace around a screen that could not be loaded, and says so in its place', async () => {
    const caught = expectCaughtChunkErrors();
    mockApi({ 'GET /api/users/me': { status: 200, body: { user: buildUser() } } });
    renderApp('/export-contacts', { token: 'token-ann' });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(caught().length).toBeGreaterThan(0);
    expect(caught().every((error) => error instanceof ChunkLoadError)).toBe(true);
  });

  it('forgets the failure when the visitor goes to a screen that loads', async () => {
    expectCaughtChunkErrors();
    mockApi({
      'GET /api/users/me': { status: 200, body: { user: buildUser() } },
      'POST /api/lists/get': { status: 200, body: { lists: [], hasMore: false } },
    });
    const { user } = renderApp('/export-contacts', { token: 'token-ann' });
    await screen.findByRole('alert');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Lists' }),
    );

    expect(await screen.findByRole('heading', { name: 'Lists' })).toBeInTheDocument();
    expect(screen.queryByText('This page could not be loaded')).not.toBeInTheDocument();
  });
});
