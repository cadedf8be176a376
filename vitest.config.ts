import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { errorTexts } from './vite-plugins/error-texts.ts';
import { ISOLATED_UNITS } from './tests/support/isolated-units.ts';
import { SlowFirstSequencer } from './tests/support/slow-first.ts';

// The suites: `unit` and `unit-isolated` (pure code and client units, msw for isolation), `server`
// (a real server on a real port over PGlite, and PostgreSQL when DATABASE_URL is set), `cluster`
// (broker nodes on PostgreSQL and NATS) and `browser` (the built app in Debian Chromium).
// scripts/test.mjs runs them in that order.

const unit = {
  include: [
    'domain/**/*.test.ts',
    'workers/**/*.test.ts',
    'src/**/*.test.{ts,tsx}',
    'tests/unit/**/*.test.{ts,tsx}',
    'tests/lint/**/*.test.ts',
  ],
  environment: 'node',
  setupFiles: ['tests/support/unit-setup.ts'],
  // Most of a unit file's time is jsdom, imports and waits on timers and msw, not CPU: worker
  // threads start faster than forks, and four of them keep two cores busy (158 files: 264 s
  // with two forks, 225 s with two threads, 146 s with four, all passing). The browser suite
  // gains ~30 s at most from two files at a time (each test ran ~2× slower: Chromium and the
  // broker already fill both cores), so it stays serial.
  pool: 'threads' as const,
  maxWorkers: 4,
  // A screen test renders, waits for msw and the fake feed, and clicks through sheets: on a
  // loaded two-core CI machine that outgrows vitest's 5 s default without anything being wrong.
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        plugins: [errorTexts(), react()],
        test: {
          ...unit,
          name: 'unit',
          exclude: [...configDefaults.exclude, ...ISOLATED_UNITS],
          // Files share a worker's module cache instead of importing React, i18n and the app anew
          // each: the stage took 204–214 s isolated and 124–162 s shared here (default and shuffled
          // file orders, all passing). tests/support/unit-shared-setup.ts gives each file a fresh
          // page's state (stores, language, storage, DOM, routes).
          isolate: false,
          setupFiles: [...unit.setupFiles, 'tests/support/unit-shared-setup.ts'],
        },
      },
      {
        plugins: [errorTexts(), react()],
        test: { ...unit, name: 'unit-isolated', include: ISOLATED_UNITS },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'server/**/*.test.ts'],
          // A `.pg.test.ts` file tests what only PostgreSQL does (row locks between sessions,
          // deadlocks): without a PostgreSQL server it has no test to run, which is not a failure.
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
          environment: 'node',
          // Files share a worker's module cache instead of importing the whole broker anew each:
          // 100 files on two workers took 496 s isolated and 296 s shared (all 1,189 passing).
          // Safe because no server test mocks a module or changes the environment: each builds
          // its own app, database and config.
          isolate: false,
          // Two workers on two cores: vitest's default leaves one core idle here (1 worker: 408–448 s
          // for the stage on PGlite and PostgreSQL; 2 workers: 312 s, all 1,265 passing).
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // broker nodes as processes on PostgreSQL (DATABASE_URL) and nats-server.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/cluster-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['tests/browser/global-setup.ts'],
          setupFiles: ['tests/support/browser-setup.ts'],
        },
      },
    ],
  },
});
