// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Router } from 'wouter';
import '../i18n/setup';
import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';
import { clearUserInfo, setSession } from '../state/session';
import { FIRST_CALLS } from './first-calls';
import { navigate, useAppLocation } from '../paths/navigation';
import { followNavigation, prefetchData } from './prefetch-data';
import { RoutePathContext } from '../paths/route-context';
import { loadRouteTable } from './routes';

// Each route's first calls (first-calls.ts) held against the screen itself: they are prefetched,
// then the screen is rendered, and it must take every one of them and ask for no other GET. A call
// the screen does not make stays untaken (a wasted request on a phone); a GET it makes that is
// not listed reaches the server after the render, and a listed read it asks again (a POST's
// fields that differ) reaches it twice.

const API = `${location.origin}/ipxtrg-api`;
/** `METHOD path?query` of every request the server got, in order. */
let asked: string[] = [];
/** Answers held back until the test ends: the screen stays as it is while its calls are in flight. */
let release: (() => void)[] = [];

const server = setupServer(
  http.all(`${API}/*`, async ({ request }) => {
    const url = new URL(request.url);
    asked.push(`${request.method} ${url.pathname.slice('/ipxtrg-api'.length)}${url.search}`);
    await new Promise<void>((resolve) => release.push(resolve));
    return HttpResponse.error();
  }),
);

const held = () =>
  (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL] as Map<string, unknown> | undefined;
const gets = (list: string[]) => list.filter((line) => line.startsWith('GET '));
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  asked = [];
  delete (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL];
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo-tok', user: { id: '100042' } });
});
afterEach(async () => {
  cleanup();
  for (const go of release) go();
  release = [];
  clearUserInfo();
  history.replaceState(null, '', '/');
  await settle();
});
afterAll(() => server.close());

/** Prefetches the first calls of `url`, then renders its screen; returns what each step asked. */
async function open(url: string): Promise<{ prefetched: string[]; after: string[] }> {
  const { pathname, search } = new URL(url, location.origin);
  const route = (await loadRouteTable()).findRoute(pathname);
  if (!route || !('screen' in route)) throw new Error(`no screen at ${pathname}`);
  const { default: Screen } = await route.screen.load();
  history.replaceState(null, '', url);
  prefetchData(pathname, search, () => true);
  const started = [...(held()?.entries() ?? [])].map(
    ([at, entry]) => `${(entry as { method?: string }).method ?? 'GET'} ${at.slice(API.length)}`,
  );
  await settle();
  // Loading a screen's module may ask for what it needs signed in (Home's portfolio POSTs), held
  // as the prefetched calls are.
  const prefetched = [...asked];
  expect([...prefetched].sort()).toEqual([...started].sort());
  render(
    <Router hook={useAppLocation}>
      <RoutePathContext value={pathname}>
        <Screen />
      </RoutePathContext>
    </Router>,
  );
  // The screen's calls start once a frame has painted (use-live-data.ts), and some after a
  // module of their own has loaded.
  await act(settle);
  await act(settle);
  // Home's card renders once its own chunk and its AI row's have loaded, which a loaded machine
  // takes longer for: its calls are waited for (the test then holds that each was taken).
  for (let waited = 0; (held()?.size ?? 0) > 0 && waited < 5_000; waited += 300) await act(settle);
  const after = asked.slice(prefetched.length);
  // No read asked twice: each prefetched one was taken, not asked again.
  expect(after.filter((line) => prefetched.includes(line))).toEqual([]);
  return { prefetched, after: gets(after) };
}

describe('the calls a press starts are the ones the screen makes (signed in)', () => {
  it.each(Object.keys(FIRST_CALLS))('%s', async (path) => {
    const { prefetched, after } = await open(path);
    expect(prefetched.length).toBeGreaterThan(0);
    // Every prefetched answer was taken by the screen's own call...
    expect([...(held()?.keys() ?? [])]).toEqual([]);
    // ...and it asked for no GET of its own.
    expect(after).toEqual([]);
  });

  it.each(['indices', 'coins'])('Markets opened on its %s segment', async (segment) => {
    const { prefetched, after } = await open(`/pages/tabbar/markets?segment=${segment}`);
    expect(held()?.size ?? 0).toBe(0);
    expect(after).toEqual([]);
    expect(gets(prefetched)).toEqual(segment === 'coins' ? [] : ['GET /stock/index/indices/list']);
  });
});

describe('a guest', () => {
  it('has no login info asked for on Mine, which asks for none', async () => {
    clearUserInfo();
    const { prefetched, after } = await open('/pages/tabbar/mine');
    expect(prefetched).toEqual([]);
    expect(after).toEqual([]);
  });

  it('has Home’s public reads asked for, and no balance', async () => {
    clearUserInfo();
    const { prefetched, after } = await open('/pages/tabbar/home');
    expect([...prefetched].sort()).toEqual([
      'GET /stock/index/indices/list',
      'GET /stock/index/list/hot',
      'POST /coin/infos',
      'POST /coin/tickers',
    ]);
    expect(after).toEqual([]);
  });
});

describe('signed in, Home’s reads', () => {
  it('include the portfolio card’s balances and open contracts', async () => {
    const { prefetched } = await open('/pages/tabbar/home');
    expect(prefetched).toEqual(
      expect.arrayContaining(['POST /user/assets', 'POST /coin/contract/order/list/active']),
    );
  });
});

describe('following navigation', () => {
  it('starts a screen’s first calls as the app goes to it, not on a change of query alone', async () => {
    const stop = followNavigation((path) => path !== '/pages/wallet/bankList');
    onTestFinished(stop);
    navigate('/pages/recharge/recharge');
    // In the navigation's own task, before anything renders.
    expect([...(held()?.keys() ?? [])]).toEqual([`${API}/user/recharge/status`]);
    navigate('/pages/tabbar/markets?segment=coins', { replace: true });
    navigate('/pages/tabbar/markets?segment=stocks', { replace: true });
    // A screen the user may not open (a guest's account screen): nothing.
    navigate('/pages/wallet/bankList');
    await settle();
    expect(asked).toEqual(['GET /user/recharge/status']);
  });

  it('asks a loaded screen’s first calls once the frame it renders in has painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => frames.push(run));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const stop = followNavigation(
      () => true,
      (path) => path === '/pages/recharge/recharge',
    );
    onTestFinished(stop);
    navigate('/pages/recharge/recharge');
    // The screen renders in this task: its fetch calls would hold that render back.
    expect(held()?.size ?? 0).toBe(0);
    frames.splice(0).forEach((run) => run(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...(held()?.keys() ?? [])]).toEqual([`${API}/user/recharge/status`]);
    // A screen whose code has yet to come: in the navigation's own task, as before.
    navigate('/pages/withdraw/withdrawRecord');
    expect(held()?.size).toBe(2);
  });
});
