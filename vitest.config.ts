import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three suites: `unit` (pure code and client units, msw for isolation), `server` (a real
// server on a real port over PGlite, and PostgreSQL when DATABASE_URL is set) and `browser`
// (the built app in Debian Chromium). scripts/test.mjs runs them in that order.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'workers/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.{ts,tsx}',
            'tests/lint/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
        },
      },
    ],
  },
});
