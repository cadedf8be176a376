import { cleanup } from '@testing-library/react';
import type { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { hideToast } from '../../src/services/toast';
import { setLanguage } from '../../src/state/prefs';
import { clearUserInfo, setSession } from '../../src/state/session';

/**
 * A screen test file's hooks around its msw `server`: it listens for the file and fails on a
 * request no handler answers. Before each test the clock (Date only) stands at `now` (the real
 * clock runs when there is none), `reset` puts the file's answers back and, when `signedIn`, a
 * real-account session is open; after each the screen is unmounted, the test's own handlers
 * dropped, the session, toast and storage cleared, the language Turkish again and `tidy` run.
 */
export function screenHooks(
  server: ReturnType<typeof setupServer>,
  {
    now,
    signedIn = true,
    reset,
    tidy,
  }: { now?: number; signedIn?: boolean; reset?: () => void; tidy?: () => void },
): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
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
    clearUserInfo();
    hideToast();
    localStorage.clear();
    setLanguage('tr-TR');
    tidy?.();
  });
  afterAll(() => server.close());
}
