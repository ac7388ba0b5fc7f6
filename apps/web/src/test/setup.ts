import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { preloadAllLazy } from '../components/lazy-load';
import { queryClient } from '../lib/query-client';
import { reloadSessionFromStorage } from '../lib/session-store';
import { disconnectSocket } from '../lib/socket';
import { resetAllStores } from '../lib/store-registry';
import { apiLog } from './fake-api';
import { fakeSockets } from './fake-socket';

// findBy… and waitFor wait up to 15 s: on 2 cores shared with the server and browser suites, a screen
// can take more than the library's default 1 s to settle without anything being wrong. A CI run on a
// host 2.3× slower than usual (2026-11-28) missed a dialog at 5 s.
configure({ asyncUtilTimeout: 15_000 });

vi.mock('socket.io-client', async () => ({ io: (await import('./fake-socket')).fakeIo }));

// Mantine reads media queries and observes sizes; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.scrollTo = () => undefined;
// Mantine's autosizing textarea re-measures when web fonts load; jsdom has no FontFaceSet.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: {
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    ready: Promise.resolve(),
  },
});
Element.prototype.scrollIntoView = () => undefined;

// Screens and dialogs are lazy chunks (ADR 015): the test file's imports have declared them by now, and
// loading them all first makes every screen render at once, whichever test runs first.
beforeAll(preloadAllLazy);

// console.error means something is wrong (React warnings, failed prop types): the test fails.
let consoleErrors: string[] = [];
const originalConsoleError = console.error;

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    originalConsoleError(...args);
    consoleErrors.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  cleanup();
  disconnectSocket();
  queryClient.clear();
  resetAllStores();
  localStorage.clear();
  reloadSessionFromStorage();
  notifications.clean();
  notifications.cleanQueue();
  fakeSockets.length = 0;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();

  const { unhandled, offContract } = apiLog;
  apiLog.requests = [];
  apiLog.unhandled = [];
  apiLog.offContract = [];
  if (unhandled.length) throw new Error(`The fake API had no answer for: ${unhandled.join(', ')}`);
  if (offContract.length) {
    throw new Error(`The fake API answered outside the contract:\n${offContract.join('\n')}`);
  }
  if (consoleErrors.length) throw new Error(`console.error was called:\n${consoleErrors.join('\n')}`);
});

// jsdom has <dialog> but not its modal methods; the browser journeys (e2e/login.e2e.ts) run the real ones.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
