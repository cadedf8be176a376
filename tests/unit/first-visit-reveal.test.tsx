// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import '../../src/i18n/setup';
import { DrawerSlot } from '../../src/shell/drawer-slot';
import { lazyWithRetry, screenLoadsSettled } from '../../src/components/chunks/lazy-with-retry';
import { LoadedSlot } from '../../src/components/chunks/loaded-slot';
import { navigate, useAppLocation } from '../../src/paths/navigation';
import { RouteView } from '../../src/routes/route-view';
import { closeDrawer, openDrawer } from '../../src/state/ui';

/*
 * A screen's (or the drawer's) first visit, its code not loaded yet: run in a module cache of its
 * own (tests/support/isolated-units.ts), where no earlier file has loaded it.
 *
 * React holds back whatever replaces a shown Suspense fallback until 300 ms after the fallback
 * appeared, on a timer: every first visit of a screen showed ~310 ms after the tap where its code
 * had arrived in ~50. act() skips that hold, so these taps run outside it, as in the
 * app, with timers stopped: what waits on that timer would not show at all.
 */
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/** React's scheduler runs its work in setImmediate tasks, which keep running. */
async function reactTurns(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

async function withTimersStopped(run: () => Promise<void>): Promise<void> {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await run();
  } finally {
    vi.useRealTimers();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  }
}

afterEach(() => {
  closeDrawer();
  cleanup();
});

describe('a first visit, its code loading', () => {
  it('shows the screen as soon as its code has arrived', async () => {
    history.replaceState(null, '', '/pages/common/disclaimer');
    render(
      <Router hook={useAppLocation}>
        <RouteView />
      </Router>,
    );
    expect(await screen.findByRole('heading', { name: 'Sorumluluk reddi' })).toBeTruthy();
    await withTimersStopped(async () => {
      navigate('/pages/user/about');
      await reactTurns();
      expect(screen.getByTestId('screen-pending')).toBeTruthy();
      await screenLoadsSettled();
      await reactTurns();
      expect(document.querySelector('[data-screen="/pages/user/about"]')).not.toBeNull();
      expect(screen.queryByTestId('screen-pending')).toBeNull();
    });
  });

  it('opens the side drawer as soon as its code has arrived', async () => {
    history.replaceState(null, '', '/pages/tabbar/home');
    render(<DrawerSlot />);
    await withTimersStopped(async () => {
      openDrawer();
      await reactTurns();
      expect(screen.queryByTestId('drawer')).toBeNull();
      await screenLoadsSettled();
      await reactTurns();
      expect(screen.getByTestId('drawer').getAttribute('data-open')).toBe('true');
    });
  });
});

describe('an optional part whose code does not arrive', () => {
  it('is left out; the screen around it stays', async () => {
    const part = lazyWithRetry(() => Promise.reject(new Error('chunk gone')));
    render(
      <main data-testid="around">
        <LoadedSlot screen={part} pending={<span data-testid="part-pending" />} optional />
      </main>,
    );
    await screenLoadsSettled();
    await reactTurns();
    expect(screen.getByTestId('around')).toBeTruthy();
    expect(screen.getByTestId('part-pending')).toBeTruthy();
  });
});
