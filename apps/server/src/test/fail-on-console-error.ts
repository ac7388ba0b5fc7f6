import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug the test did not look for (STYLE.md).
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length) throw new Error(`console.error was called:\n${calls.map((c) => c.join(' ')).join('\n')}`);
});
