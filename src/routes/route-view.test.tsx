// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { Router } from 'wouter';
import '../i18n/setup';
import { ChunkBoundary } from './chunk-boundary';
import {
  lazyWithRetry,
  screenLoadsSettled,
  type LazyScreen,
  type ScreenModule,
} from '../components/chunks/lazy-with-retry';
import { canGoBack, goBack, navigate, useAppLocation } from '../paths/navigation';
import { RouteView } from './route-view';
import { routeTableLoaded } from './routes';

function Hello() {
  return <p>hello screen</p>;
}

function renderLazy(load: () => Promise<ScreenModule>, timeoutMs?: number): LazyScreen {
  const lazyScreen = lazyWithRetry(load, timeoutMs);
  render(
    <ChunkBoundary
      onRetry={lazyScreen.retry}
      render={() => {
        const Screen = lazyScreen.current();
        return (
          <Suspense fallback={<p>pending</p>}>
            <Screen />
          </Suspense>
        );
      }}
    />,
  );
  return lazyScreen;
}

function renderRoutes(path: string): void {
  history.replaceState(null, '', path);
  render(
    <Router hook={useAppLocation}>
      <RouteView />
    </Router>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('lazyWithRetry', () => {
  // The boundary logs what it caught; that is expected here.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('shows a retry after a failed chunk, and loads it again on retry', async () => {
    let attempts = 0;
    renderLazy(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Hello };
    });
    expect(await screen.findByTestId('chunk-error')).toBeTruthy();
    // One h1 naming the screen, as every screen has (it was an empty heading).
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Bağlantı sorunu',
    ]);
    fireEvent.click(screen.getByTestId('chunk-retry'));
    expect(await screen.findByText('hello screen')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('on retry, shows a screen whose chunk has arrived meanwhile at once, with no loading state', async () => {
    let attempts = 0;
    const lazyScreen = renderLazy(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Hello };
    });
    expect(await screen.findByTestId('chunk-error')).toBeTruthy();
    // The route's preload (a link pressed, the network back) loads it before the user taps retry.
    expect(await lazyScreen.preload()).toBe(true);
    fireEvent.click(screen.getByTestId('chunk-retry'));
    expect(screen.queryByText('pending')).toBeNull();
    expect(screen.getByText('hello screen')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('says when the screen loads under way have settled, loaded or failed', async () => {
    let arrive = () => {};
    let fail = () => {};
    const slow = lazyWithRetry(
      () => new Promise<ScreenModule>((resolve) => (arrive = () => resolve({ default: Hello }))),
    );
    const broken = lazyWithRetry(
      () => new Promise<ScreenModule>((_, reject) => (fail = () => reject(new Error('x')))),
    );
    void slow.preload();
    void broken.preload();
    let settled = false;
    const waiting = screenLoadsSettled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    arrive();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    fail();
    await waiting;
    expect(settled).toBe(true);
  });

  it('gives up on a chunk that never arrives', async () => {
    renderLazy(() => new Promise<ScreenModule>(() => undefined), 30);
    expect(await screen.findByTestId('chunk-error')).toBeTruthy();
  });
});

describe('route table', () => {
  it('shows the not-found screen for unknown paths, once the whole table has arrived', async () => {
    renderRoutes('/pages/nothing/here');
    // Only the first routes ride with the entry: a path outside them waits for the table's chunk.
    expect(routeTableLoaded()).toBe(false);
    expect(screen.getByTestId('screen-pending')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-screen="not-found"]')).not.toBeNull());
    expect(routeTableLoaded()).toBe(true);
  });

  it('renders a foundation screen with its path as data-screen', async () => {
    renderRoutes('/pages/common/disclaimer');
    expect(await screen.findByRole('heading', { name: 'Sorumluluk reddi' })).toBeTruthy();
    expect(document.querySelector('[data-screen="/pages/common/disclaimer"]')).not.toBeNull();
  });

  it('sends /pages/common/login on to /pages/account/login', async () => {
    renderRoutes('/pages/common/login');
    await waitFor(() => expect(location.pathname).toBe('/pages/account/login'));
  });
});

describe('back navigation', () => {
  it('goes home when the app was opened on this page, and back in history otherwise', () => {
    history.replaceState(null, '', '/pages/user/about');
    expect(canGoBack()).toBe(false);
    goBack();
    expect(location.pathname).toBe('/pages/tabbar/home');
    navigate('/pages/common/lang');
    expect(canGoBack()).toBe(true);
    navigate('/pages/common/disclaimer', { replace: true });
    expect(canGoBack()).toBe(true);
  });
});
