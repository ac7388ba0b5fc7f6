import { defineConfig } from 'vitest/config';

// One runner for every kind of test; each project is a folder of the monorepo.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (CPUs − 1), which left one core idle while
    // tests wait on PostgreSQL, Chromium and sockets. Each server test file has its own database.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'core',
          root: 'packages/core',
          // Pure functions: nothing for one file to leave behind for the next.
          isolate: false,
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          setupFiles: ['src/test/fail-on-console-error.ts'],
          // Each file builds its own app on its own database, so files share a worker's loaded modules:
          // loading the server afresh for each of 134 files was 1,423 s of a 57-minute CI run (190 s
          // without, 2026-11-29). A test must not lean on module state another file may have moved.
          isolate: false,
          // A clean-clone run on a host 2.3× slower than usual (2026-11-28, 57 min) took tests that need
          // 10–15 s on a quiet machine past 30 s: the limit is the work's need with margin for that host.
          testTimeout: 60_000,
          hookTimeout: 90_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'agent',
          root: 'apps/device-agent',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        // The build-size budgets (bench/web-bundle-size.ts): a production build of the web app, measured.
        test: {
          name: 'bench',
          root: 'bench',
          include: ['**/*.test.ts'],
          environment: 'node',
          // The first page is measured in Chromium against the real server on a fresh database.
          globalSetup: ['../apps/server/src/test/global-setup.ts'],
          testTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['../apps/server/src/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
