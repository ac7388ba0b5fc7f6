import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Screens render in jsdom alongside the server and browser suites on 2 cores: under that load a
    // journey of clicks can take longer than vitest's default 5 s without anything being wrong.
    testTimeout: 60_000,
    expect: { poll: { timeout: 15_000 } },
    // Every test file first loads each lazy page (preloadAllLazy): seconds on a busy CI machine.
    hookTimeout: 60_000,
  },
});
