// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PREFETCHED_GLOBAL } from '../paths/preloaded-routes';
import { deliverPrivateEvents } from '../market/private-events';
import { clearUserInfo, setSession } from '../state/session';
import { keepTabsWarm } from './prefetch-data';

const API = `${location.origin}/ipxtrg-api`;
/** `METHOD path` of every request the server got. */
let asked: string[] = [];
const server = setupServer(
  http.all(`${API}/*`, ({ request }) => {
    asked.push(`${request.method} ${new URL(request.url).pathname.slice('/ipxtrg-api'.length)}`);
    return HttpResponse.json({ code: 0, msg: '', data: null });
  }),
);
const held = () => (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL] as Map<string, unknown>;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  asked = [];
  clearUserInfo();
  delete (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL];
});
afterAll(() => server.close());

describe("the tabs' first reads, kept for a tap", () => {
  it("asks every other tab's reads once, a guest's public ones only", async () => {
    history.replaceState(null, '', '/pages/tabbar/home');
    keepTabsWarm(() => true);
    keepTabsWarm(() => true);
    await settle();
    // Markets' stock page and indices, IPO's four lists; not Home's (open), nor Mine's (signed in only).
    expect(asked.filter((line) => line.includes('/index/list'))).toHaveLength(1);
    expect(asked.some((line) => line.includes('/stock/index/new/today'))).toBe(true);
    expect(asked.some((line) => line.includes('/hot'))).toBe(false);
    expect(asked.some((line) => line.includes('/user/'))).toBe(false);
    expect(held().size).toBe(asked.length);
  });

  it('signed in, drops every kept answer on any private event or resync', async () => {
    setSession({ userToken: 't', userTokenReal: 't', userTokenDemo: 'd', user: { id: '1' } }, 'real');
    history.replaceState(null, '', '/pages/tabbar/markets');
    keepTabsWarm(() => true);
    await settle();
    expect(asked.some((line) => line.includes('/user/assets'))).toBe(true);
    expect(held().size).toBeGreaterThan(0);
    deliverPrivateEvents([{ ch: 'balances', data: {} }]);
    expect(held().size).toBe(0);

    keepTabsWarm(() => true);
    await settle();
    expect(held().size).toBeGreaterThan(0);
    deliverPrivateEvents([{ ch: 'orders', resync: true }]);
    expect(held().size).toBe(0);
  });

  it('asks nothing for a tab the user may not open', async () => {
    history.replaceState(null, '', '/pages/tabbar/home');
    keepTabsWarm(() => false);
    await settle();
    expect(asked).toEqual([]);
  });
});
