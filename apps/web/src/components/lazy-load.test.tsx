import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { theme } from '../config/theme';
import { FullPageLoader } from './full-page-loader';
import { ChunkLoadError, LazyBoundary, lazyNamed } from './lazy-load';

function Pricing({ plan }: { plan: string }) {
  return <h1>{plan} plan</h1>;
}

/** A screen whose chunk arrives when the test says so. */
function deferredScreen() {
  let arrive: () => void = () => undefined;
  const chunk = new Promise<{ Pricing: typeof Pricing }>((resolve) => {
    arrive = () => resolve({ Pricing });
  });
  return { Screen: lazyNamed(() => chunk, 'Pricing'), arrive };
}

function renderPage(children: React.ReactNode) {
  return render(
    <MantineProvider theme={theme} env="test">
      <LazyBoundary variant="page" fallback={<FullPageLoader label="Loading the page" />}>
        {children}
      </LazyBoundary>
    </MantineProvider>,
  );
}

/** React reports an error a boundary caught on console.error; these tests expect exactly that one. */
function expectCaughtErrors() {
  const logged: unknown[][] = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args));
  return () => logged.flat().filter((arg) => arg instanceof Error);
}

describe('lazy screens', () => {
  it("shows the page's loader while a screen's code loads, then the screen in its place", async () => {
    const { Screen, arrive } = deferredScreen();
    renderPage(<Screen plan="Team" />);

    expect(screen.getByLabelText('Loading the page')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    arrive();

    expect(await screen.findByRole('heading', { name: 'Team plan' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the page')).not.toBeInTheDocument();
  });

  it('renders a screen whose code was fetched ahead at once, without a loader', async () => {
    const { Screen, arrive } = deferredScreen();
    arrive();
    await Screen.preload();
    renderPage(<Screen plan="Solo" />);

    expect(screen.getByRole('heading', { name: 'Solo plan' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the page')).not.toBeInTheDocument();
  });

  it('says a screen whose code cannot be fetched could not be loaded and offers Reload, not a white page', async () => {
    const caught = expectCaughtErrors();
    const Screen = lazyNamed<{ Pricing: typeof Pricing }, 'Pricing'>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/pricing.js')),
      'Pricing',
    );
    renderPage(<Screen plan="Team" />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded');
    expect(alert).toHaveTextContent('Reload to get the latest version.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(caught()[0]).toBeInstanceOf(ChunkLoadError);
  });

  it('lets a screen whose fetch failed ahead of time try again when it renders', async () => {
    let attempts = 0;
    const Screen = lazyNamed(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { Pricing };
    }, 'Pricing');

    await expect(Screen.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    renderPage(<Screen plan="Team" />);

    expect(await screen.findByRole('heading', { name: 'Team plan' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
