import { cleanup } from '@testing-library/react';
import type { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { hideToast } from '../../src/services/toast';
import { setSession } from '../../src/state/session';
import { resetClientState } from './client-state';

/**
 * A screen test file's hooks around its msw `server`: it listens for the file and fails on a
 * request no handler answers (`unhandled: 'bypass'` lets it through). Before each test the clock (Date only) stands at `now` (the real
 * clock runs when there is none), `reset` puts the file's answers back and, when `signedIn`, a
 * real-account session is open; after each the screen is unmounted, the test's own handlers
 * dropped, the toast hidden, the client's state put back (`resetClientState`) and `tidy` run.
 */
export function screenHooks(
  server: ReturnType<typeof setupServer>,
  {
    now,
    signedIn = true,
    reset,
    tidy,
    unhandled = 'error',
  }: {
    now?: number;
    signedIn?: boolean;
    reset?: () => void;
    tidy?: () => void;
    unhandled?: 'error' | 'bypass';
  },
): void {
  beforeAll(() => server.listen({ onUnhandledRequest: unhandled }));
  beforeEach(() => {
    if (now !== undefined) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
    }
    reset?.();
    if (signedIn)
      setSession(
        { userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } },
        'real',
      );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    server.resetHandlers();
    hideToast();
    resetClientState();
    tidy?.();
  });
  afterAll(() => server.close());
}
